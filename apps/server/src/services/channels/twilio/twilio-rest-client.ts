import twilio from 'twilio';
import type { AppContext } from '../../../context';

/** Where the Twilio SDK sends its calls; Parley sends them to the configured endpoint instead. */
const TWILIO_API_ORIGIN = 'https://api.twilio.com';
/** A Twilio call that takes longer fails (the delivery job tries again). */
const TWILIO_TIMEOUT_MS = 15_000;

type RequestClient = InstanceType<typeof twilio.RequestClient>;

/**
 * The SDK's own HTTP client, sending to `ctx.config.platforms.twilioApi` (an operator's proxy, a
 * test's stand-in of Twilio) instead of https://api.twilio.com: the SDK builds every request
 * (paths, form fields, Basic auth) and really sends it; only the origin changes.
 */
function endpointRequestClient(origin: string): RequestClient {
  const client = new twilio.RequestClient({ timeout: TWILIO_TIMEOUT_MS, keepAlive: true });
  const send = client.request.bind(client);
  client.request = ((opts) =>
    send({
      ...opts,
      uri: opts.uri.startsWith(TWILIO_API_ORIGIN)
        ? `${origin}${opts.uri.slice(TWILIO_API_ORIGIN.length)}`
        : opts.uri,
    })) as RequestClient['request'];
  return client;
}

const clientsByOrigin = new Map<string, RequestClient>();
function httpClientOf(ctx: AppContext): RequestClient {
  const origin = ctx.config.platforms.twilioApi.replace(/\/+$/, '');
  let client = clientsByOrigin.get(origin);
  if (!client) {
    client = endpointRequestClient(origin);
    clientsByOrigin.set(origin, client);
  }
  return client;
}

/** A Twilio REST client of one account (Messages, Calls, Accounts), on the configured endpoint. */
export function twilioClientOf(ctx: AppContext, accountSid: string, authToken: string): twilio.Twilio {
  return twilio(accountSid, authToken, { httpClient: httpClientOf(ctx), autoRetry: false });
}

/** The account's SID and token from stored keys, when both are set. */
export function twilioCredentialsOf(
  values: Record<string, unknown>,
): { accountSid: string; authToken: string } | undefined {
  const { accountSid, authToken } = values;
  return typeof accountSid === 'string' &&
    accountSid !== '' &&
    typeof authToken === 'string' &&
    authToken !== ''
    ? { accountSid, authToken }
    : undefined;
}

/** Twilio's error (RestException): its status, when it is one. */
export const twilioErrorStatus = (error: unknown): number | undefined =>
  error instanceof twilio.RestException ? error.status : undefined;
