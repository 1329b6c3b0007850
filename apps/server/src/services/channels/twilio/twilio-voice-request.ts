import { AppError, TWILIO_KEYS } from '@parley/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { keysOfWebhook } from '../messaging/channel-keys.service';
import type { PlatformKeys } from '../messaging/messaging-platform';
import { formParamsOf, isSignedByTwilio, type TwilioParams } from './twilio-signature';
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
  /** The form's fields Twilio sends once (a repeated one is left out: Twilio never repeats them). */
  params: Record<string, string>;
  callSid: string;
  from: string;
  to: string;
}

/** Only the keys' declaration is needed to open them (importing twilio-platform here would be circular). */
const TWILIO = { id: 'twilio', keys: TWILIO_KEYS } as const;

const singleFields = (form: TwilioParams): Record<string, string> =>
  Object.fromEntries(
    Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

/**
 * Finds the bot by the webhook's id and checks Twilio signed the request (X-Twilio-Signature:
 * HMAC-SHA1 with the account's auth token over the public URL Twilio called, query included, and
 * the posted form; twilio-signature), before anything reaches the bot. An unknown webhook, or a
 * voice webhook not generated, is 404; an unsigned, tampered or re-addressed request, or one of
 * another account, is 403.
 */
export async function authenticatedVoiceRequest(
  ctx: AppContext,
  request: FastifyRequest<{ Params: { webhookId: string } }>,
): Promise<VoiceRequest> {
  const keys = await keysOfWebhook(ctx, TWILIO, request.params.webhookId);
  if (!keys || !isVoiceWebhookGenerated(keys.values))
    throw new AppError('not-found_error', TWILIO_VOICE_MESSAGES.unknownWebhook);
  const authToken = typeof keys.values.authToken === 'string' ? keys.values.authToken : '';
  const form = formParamsOf(request.body);
  if (!form || !isSignedByTwilio(ctx, request, authToken, form))
    throw new AppError('permission_error', TWILIO_VOICE_MESSAGES.notSigned);
  const params = singleFields(form);
  // The signature covers the account already; a call of another account sharing the token is still not this bot's.
  const accountSid = keys.values.accountSid;
  if (typeof accountSid === 'string' && accountSid !== '' && params.AccountSid !== accountSid)
    throw new AppError('permission_error', TWILIO_VOICE_MESSAGES.notSigned);
  const callSid = params.CallSid ?? '';
  const from = params.From ?? '';
  if (callSid === '' || from === '' || callSid.length > 64 || from.length > 200)
    throw new AppError('validation_error', TWILIO_VOICE_MESSAGES.notACall);
  return { keys, params, callSid, from, to: params.To ?? '' };
}
