import type { FastifyRequest } from 'fastify';
import twilio from 'twilio';
import type { AppContext } from '../../../context';

/** A form body's fields as Twilio signs them: a repeated name is a list. */
export type TwilioParams = Record<string, string | string[]>;

/** Twilio's webhook bodies are forms; anything else is not Twilio's. */
export function formParamsOf(body: unknown): TwilioParams | undefined {
  if (!Buffer.isBuffer(body)) return body === undefined ? {} : undefined;
  const params: TwilioParams = {};
  for (const [name, value] of new URLSearchParams(body.toString('utf8'))) {
    const seen = params[name];
    params[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return params;
}

/** The URL Twilio requested, as it was configured: the server's public address and the exact path. */
export const publicUrlOf = (ctx: AppContext, request: FastifyRequest) =>
  `${ctx.config.publicUrl.replace(/\/+$/, '')}${request.url}`;

/**
 * Whether X-Twilio-Signature holds for this request (Twilio's 'Webhooks security'): an HMAC-SHA1,
 * with the account's auth token, of the full public URL and the sorted form fields. The SDK's
 * own check compares in constant time and tries the URL with and without its port.
 */
export function isSignedByTwilio(
  ctx: AppContext,
  request: FastifyRequest,
  authToken: string,
  params: TwilioParams,
): boolean {
  const signature = request.headers['x-twilio-signature'];
  if (typeof signature !== 'string' || signature === '' || authToken === '') return false;
  try {
    return twilio.validateRequest(authToken, signature, publicUrlOf(ctx, request), params);
  } catch {
    // A URL the SDK cannot parse was never one Twilio signed.
    return false;
  }
}
