import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import { type StandIn, type StandInReply, type StandInRequest, startStandIn } from './stand-in';

/**
 * A stand-in of Microsoft's side of a Teams bot (Bot Framework REST API reference):
 * - the token service: client credentials for an app id and password it knows, scope
 *   https://api.botframework.com/.default, answering an access token or an OAuth error;
 * - the OpenID metadata and its JWKS, with Microsoft's `endorsements` on each key;
 * - the channel service's side: `sign` makes the JWT it sends with each activity;
 * - the connector service (`/teams/v3/conversations/...`): takes the bot's activities with a
 *   token the token service issued, and checks their shape.
 */
export interface TeamsStandIn extends StandIn {
  tokenUrl: string;
  openIdUrl: string;
  /** The serviceUrl of the activities the stand-in's channel sends. */
  serviceUrl: string;
  /**
   * Registers an Azure bot: its app id and password (client secret); a single-tenant one with its
   * tenant, whose token service alone grants its tokens.
   */
  registerApp(appId: string, appPassword: string, tenantId?: string): void;
  /** A channel service JWT for the bot; claims and the signing key can be changed to make bad ones. */
  sign(appId: string, options?: SignOptions): Promise<string>;
  /** Microsoft revokes every token issued so far (a changed password): the connector refuses them. */
  revokeTokens(): void;
  /** The activities the bot posted to a conversation, in order (typing included). */
  posted(conversationId?: string): PostedActivity[];
}

export interface SignOptions {
  claims?: JWTPayload;
  issuer?: string;
  audience?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  /** Which key signs: Microsoft's msteams key, a key endorsed for another channel, or a stranger's key with the msteams key's kid. */
  key?: 'teams' | 'skypeOnly' | 'stranger';
}

export interface PostedActivity {
  path: string;
  conversationId: string;
  replyToId: string | undefined;
  authorization: string | undefined;
  activity: Record<string, unknown>;
}

const ISSUER = 'https://api.botframework.com';
const SCOPE = 'https://api.botframework.com/.default';
const TOKEN_PATH = '/botframework.com/oauth2/v2.0/token';
const TENANT_TOKEN_PATH = /^\/([^/]+)\/oauth2\/v2\.0\/token$/;
const OPENID_PATH = '/v1/.well-known/openidconfiguration';
const KEYS_PATH = '/v1/.well-known/keys';
const CONNECTOR = /^\/teams\/v3\/conversations\/([^/]+)\/activities(?:\/([^/]+))?$/;

const oauthError = (status: number, error: string, description: string): StandInReply => ({
  status,
  body: { error, error_description: description, error_codes: [7000215] },
});

/** What the connector service refuses (400 BadArgument) in an activity the bot posts. */
function activityProblem(activity: unknown): string | undefined {
  if (typeof activity !== 'object' || activity === null) return 'the activity must be an object';
  const a = activity as Record<string, unknown>;
  if (a.type === 'typing') return undefined;
  if (a.type !== 'message') return `unknown activity type ${String(a.type)}`;
  const attachments = a.attachments;
  if (a.text === undefined && attachments === undefined) return 'a message needs text or attachments';
  if (a.text !== undefined && typeof a.text !== 'string') return 'text must be a string';
  if (attachments === undefined) return undefined;
  if (!Array.isArray(attachments)) return 'attachments must be a list';
  for (const attachment of attachments as Record<string, unknown>[]) {
    const content = attachment.content as Record<string, unknown> | undefined;
    if (typeof attachment.contentType !== 'string' || typeof content !== 'object' || content === null)
      return 'an attachment needs contentType and content';
    if (attachment.contentType === 'application/vnd.microsoft.card.hero') {
      for (const button of (content.buttons ?? []) as Record<string, unknown>[])
        if (typeof button.type !== 'string' || typeof button.title !== 'string' || button.value === undefined)
          return 'a card action needs type, title and value';
    } else if (attachment.contentType === 'application/vnd.microsoft.card.adaptive') {
      if (content.type !== 'AdaptiveCard' || typeof content.version !== 'string')
        return 'an adaptive card needs type AdaptiveCard and a version';
    } else return `unsupported attachment ${attachment.contentType}`;
  }
  return undefined;
}

export async function startTeamsStandIn(): Promise<TeamsStandIn> {
  const apps = new Map<string, { password: string; tenantId: string }>();
  const issued = new Map<string, { appId: string; expiresAt: number }>();
  const posted: PostedActivity[] = [];
  const kid = 'teams-signing-key';
  const teamsKey = await generateKeyPair('RS256', { extractable: true });
  const skypeKey = await generateKeyPair('RS256', { extractable: true });
  const strangerKey = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = async (
    key: Parameters<typeof exportJWK>[0],
    keyId: string,
    endorsements: string[],
  ): Promise<JWK> =>
    ({
      ...(await exportJWK(key)),
      kid: keyId,
      use: 'sig',
      endorsements,
    }) as JWK;
  const jwks = {
    keys: [
      await publicJwk(teamsKey.publicKey, kid, ['msteams', 'skype', 'webchat']),
      await publicJwk(skypeKey.publicKey, 'skype-only-key', ['skype']),
    ],
  };
  let baseUrl = '';

  const token = (request: StandInRequest, tenant: string): StandInReply => {
    const form = request.form;
    if (!form || !request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
      return oauthError(400, 'invalid_request', 'AADSTS900144: The request body must be a form.');
    if (form.get('grant_type') !== 'client_credentials')
      return oauthError(400, 'unsupported_grant_type', 'AADSTS70003: grant_type must be client_credentials.');
    if (form.get('scope') !== SCOPE) return oauthError(400, 'invalid_scope', 'AADSTS70011: bad scope.');
    const appId = form.get('client_id') ?? '';
    const known = apps.get(appId);
    if (known === undefined || known.tenantId !== tenant)
      return oauthError(
        400,
        'unauthorized_client',
        `AADSTS700016: Application ${appId} was not found in the directory ${tenant}.`,
      );
    if (form.get('client_secret') !== known.password)
      return oauthError(401, 'invalid_client', 'AADSTS7000215: Invalid client secret provided.');
    const accessToken = `bf-${randomUUID()}`;
    issued.set(accessToken, { appId, expiresAt: Date.now() + 3_600_000 });
    return {
      body: { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: accessToken },
    };
  };

  const connector = (request: StandInRequest, match: RegExpExecArray): StandInReply => {
    if (request.method !== 'POST') return { status: 405, body: { error: { code: 'BadArgument' } } };
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const grant = bearer ? issued.get(bearer) : undefined;
    if (!grant || grant.expiresAt < Date.now())
      return { status: 401, body: { message: 'Authorization has been denied for this request.' } };
    if (!request.headers['content-type']?.includes('application/json'))
      return { status: 415, body: { error: { code: 'BadArgument', message: 'JSON only' } } };
    const problem = activityProblem(request.json);
    if (problem) return { status: 400, body: { error: { code: 'BadArgument', message: problem } } };
    const conversationId = decodeURIComponent(match[1] ?? '');
    const activity = request.json as Record<string, unknown>;
    const conversation = activity.conversation as { id?: unknown } | undefined;
    if (conversation?.id !== undefined && conversation.id !== conversationId)
      return { status: 400, body: { error: { code: 'BadArgument', message: 'conversation id mismatch' } } };
    posted.push({
      path: request.path,
      conversationId,
      replyToId: match[2] ? decodeURIComponent(match[2]) : undefined,
      authorization: request.headers.authorization,
      activity,
    });
    return { status: 201, body: { id: `posted-${posted.length}` } };
  };

  const standIn = await startStandIn((request) => {
    const tokenPath = TENANT_TOKEN_PATH.exec(request.path);
    if (tokenPath && request.method === 'POST') return token(request, decodeURIComponent(tokenPath[1] ?? ''));
    if (request.path === OPENID_PATH)
      return {
        body: {
          issuer: ISSUER,
          authorization_endpoint: 'https://invalid.botframework.com',
          jwks_uri: `${baseUrl}${KEYS_PATH}`,
          id_token_signing_alg_values_supported: ['RS256'],
          token_endpoint_auth_methods_supported: ['private_key_jwt'],
        },
      };
    if (request.path === KEYS_PATH) return { body: jwks };
    const match = CONNECTOR.exec(request.path);
    if (match) return connector(request, match);
    return { status: 404, body: { error: 'not found' } };
  });
  baseUrl = standIn.url;
  const serviceUrl = `${baseUrl}/teams/`;

  return {
    ...standIn,
    tokenUrl: `${baseUrl}${TOKEN_PATH}`,
    openIdUrl: `${baseUrl}${OPENID_PATH}`,
    serviceUrl,
    registerApp(appId, appPassword, tenantId = 'botframework.com') {
      apps.set(appId, { password: appPassword, tenantId });
    },
    async sign(appId, options = {}) {
      const which = options.key ?? 'teams';
      const privateKey =
        which === 'teams'
          ? teamsKey.privateKey
          : which === 'skypeOnly'
            ? skypeKey.privateKey
            : strangerKey.privateKey;
      const now = Math.floor(Date.now() / 1000);
      const expiresIn = options.expiresIn ?? 3600;
      return new SignJWT({ serviceurl: serviceUrl, ...options.claims })
        .setProtectedHeader({ alg: 'RS256', kid: which === 'skypeOnly' ? 'skype-only-key' : kid, typ: 'JWT' })
        .setIssuer(options.issuer ?? ISSUER)
        .setAudience(options.audience ?? appId)
        .setIssuedAt(now + Math.min(expiresIn, 0) - 600)
        .setNotBefore(now + Math.min(expiresIn, 0) - 600)
        .setExpirationTime(now + expiresIn)
        .sign(privateKey);
    },
    revokeTokens() {
      issued.clear();
    },
    posted: (conversationId) =>
      conversationId === undefined ? [...posted] : posted.filter((p) => p.conversationId === conversationId),
  };
}
