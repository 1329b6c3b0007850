import { AppError, TWILIO_KEYS } from '@parley/contracts';
import type { FastifyRequest } from 'fastify';
import twilio from 'twilio';
import type { AppContext } from '../../context';
import { keysOfWebhook } from '../messaging/channel-keys.service';
import type { PlatformKeys } from '../messaging/messaging-platform';
import { isVoiceWebhookGenerated } from './twilio-voice-webhook';

export const TWILIO_VOICE_MESSAGES = {
  unknownWebhook: 'There is no Twilio Voice webhook at this address.',
  notSigned: 'This request does not carry a valid Twilio signature.',
  notACall: 'A Twilio call webhook carries CallSid and From.',
  badTurn: 'The turn of this call is not a number.',
} as const;

/** A Twilio call webhook, authenticated: the bot's keys and the form Twilio posted. */
export interface VoiceRequest {
  keys: PlatformKeys;
  params: Record<string, string>;
  callSid: string;
  from: string;
  to: string;
}

/** Only the keys' declaration is needed to open them (importing twilio-platform here would be circular). */
const TWILIO = { id: 'twilio', keys: TWILIO_KEYS } as const;

/** Twilio posts application/x-www-form-urlencoded; each name once (a repeated one keeps its last value). */
function formOf(body: unknown): Record<string, string> {
  if (!Buffer.isBuffer(body)) return {};
  return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
}

const signatureOf = (request: FastifyRequest) => {
  const header = request.headers['x-twilio-signature'];
  return typeof header === 'string' ? header : '';
};

function isValidSignature(authToken: string, signature: string, url: string, params: Record<string, string>) {
  try {
    return twilio.validateRequest(authToken, signature, url, params);
  } catch {
    // A URL the SDK cannot normalise was not one Twilio signed.
    return false;
  }
}

/**
 * Finds the bot by the webhook's id and checks Twilio signed the request (X-Twilio-Signature:
 * HMAC-SHA1 with the account's auth token over the public URL Twilio called, query included, and
 * the posted form), before anything reaches the bot. An unknown or deleted webhook is 404; an
 * unsigned, tampered or re-addressed request is 403.
 */
export async function authenticatedVoiceRequest(
  ctx: AppContext,
  request: FastifyRequest<{ Params: { webhookId: string } }>,
): Promise<VoiceRequest> {
  const keys = await keysOfWebhook(ctx, TWILIO, request.params.webhookId);
  if (!keys || !isVoiceWebhookGenerated(keys.values))
    throw new AppError('not-found_error', TWILIO_VOICE_MESSAGES.unknownWebhook);
  const authToken = keys.values.authToken;
  const params = formOf(request.body);
  const url = `${ctx.config.publicUrl}${request.url}`;
  const signature = signatureOf(request);
  const isSigned =
    typeof authToken === 'string' &&
    authToken !== '' &&
    signature !== '' &&
    isValidSignature(authToken, signature, url, params);
  // The signature already covers the account; a call of another account with the same token is still not this bot's.
  const accountSid = keys.values.accountSid;
  if (!isSigned || (typeof accountSid === 'string' && accountSid !== '' && params.AccountSid !== accountSid))
    throw new AppError('permission_error', TWILIO_VOICE_MESSAGES.notSigned);
  const callSid = params.CallSid ?? '';
  const from = params.From ?? '';
  if (callSid === '' || from === '' || callSid.length > 64 || from.length > 200)
    throw new AppError('validation_error', TWILIO_VOICE_MESSAGES.notACall);
  return { keys, params, callSid, from, to: params.To ?? '' };
}
