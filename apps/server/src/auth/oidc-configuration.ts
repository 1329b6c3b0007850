import * as oidc from 'openid-client';
import type { Config } from '../config';

type OidcSettings = NonNullable<Config['oidc']>;

// The provider's metadata is looked up once an hour per process; keys are refreshed by the client itself.
const CACHE_MS = 3600_000;
const cache = new Map<string, { fetchedAt: number; configuration: Promise<oidc.Configuration> }>();

/**
 * The OpenID Connect client for the configured directory, from the provider's discovery
 * document. A failed lookup is not cached, so the next sign-in tries again.
 */
export function oidcConfiguration(settings: OidcSettings): Promise<oidc.Configuration> {
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
  const cached = cache.get(key);
  if (cached && Date.now() - cached.fetchedAt < CACHE_MS) return cached.configuration;

  const configuration = oidc.discovery(
    new URL(settings.issuer),
    settings.clientId,
    undefined,
    // client_secret_basic: the OpenID Connect default, which every provider accepts.
    oidc.ClientSecretBasic(settings.clientSecret),
    {
      timeout: 10,
      // An http:// issuer is the operator's explicit choice (a provider on a private network).
      execute: settings.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
    },
  );
  const entry = { fetchedAt: Date.now(), configuration };
  cache.set(key, entry);
  configuration.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return configuration;
}
