import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider } from 'oidc-provider';

/** Claims of a directory account; its login name is its subject. */
export type DirectoryAccount = Record<string, unknown>;

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The environment that points a Parley server at this provider. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on a random local port, with one static
 * client for Parley and its development login and consent screens. Any login name signs in
 * (it becomes the subject); `accounts` gives the claims of the known ones.
 */
export async function startOidcProvider(
  accounts: Record<string, DirectoryAccount>,
  redirectUri: string,
): Promise<TestOidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'parley';
  const clientSecret = 'parley-test-client-secret-0123456789';
  const signingKey = {
    ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
    kid: 'test-key',
    use: 'sig',
    alg: 'RS256',
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        // Parley's logout comes back to its /login (RP-initiated logout).
        post_logout_redirect_uris: [new URL('/login', redirectUri).href],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    jwks: { keys: [signingKey] },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      return { accountId: id, claims: async () => ({ ...accounts[id], sub: id }) };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
