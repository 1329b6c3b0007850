import {
  AppError,
  handoverNumbersOf,
  isTwilioVoiceOfLanguage,
  TWILIO_KEYS,
  twilioVoiceLanguageMessage,
} from '@parley/contracts';
import { definePlatform } from '../define-platform';
import { twilioMessagesChannel } from './twilio-messages-channel';
import { twilioMessagesRoutes } from './twilio-messages-routes';
import { twilioClientOf, twilioCredentialsOf, twilioErrorStatus } from './twilio-rest-client';
import { twilioVoiceChannel } from './twilio-voice-channel';
import { twilioVoiceRoutes } from './twilio-voice-routes';
import { twilioWebhookRoutes, twilioWebhookUrls } from './twilio-webhooks';

export const TWILIO_PLATFORM_MESSAGES = {
  refused: 'Twilio did not accept this Account SID and auth token.',
  unreachable: 'Twilio could not be reached to check the Account SID and auth token. Try again later.',
} as const;

/**
 * Twilio's keys (one account for Voice and Messages), webhooks and calls (issue 14): the webhook
 * URLs show once generated; a save with the Account SID and auth token both set checks them
 * with Twilio (GET /2010-04-01/Accounts/{sid}.json).
 */
export const twilioPlatform = definePlatform({
  id: 'twilio',
  keys: TWILIO_KEYS,
  channels: { twilio: twilioMessagesChannel, twilioVoice: twilioVoiceChannel },
  shownKeys: (ctx, keys) => twilioWebhookUrls(ctx, keys),
  async afterSave(ctx, keys, changed) {
    const learned: Record<string, unknown> = {};
    const handover = keys.values.handoverNumbers;
    if (typeof handover === 'string' && handover !== '')
      learned.handoverNumbers = handoverNumbersOf(handover).join(',');
    const credentials = twilioCredentialsOf(keys.values);
    if (credentials) {
      try {
        await twilioClientOf(ctx, credentials.accountSid, credentials.authToken)
          .api.v2010.accounts(credentials.accountSid)
          .fetch();
      } catch (error) {
        const status = twilioErrorStatus(error);
        if (status === 401 || status === 403 || status === 404)
          throw new AppError('validation_error', TWILIO_PLATFORM_MESSAGES.refused, {
            fieldName: 'authToken',
          });
        ctx.log.warn({ err: error }, 'Twilio could not be reached to check an account');
        throw new AppError('configuration_error', TWILIO_PLATFORM_MESSAGES.unreachable, {}, 502);
      }
    }

    const { voice, textToSpeechLanguage: language } = keys.values;
    // 'man' and 'woman' speak five languages only (spec 04 section 9); the dialog offers no other pair.
    if (
      (changed.includes('voice') || changed.includes('textToSpeechLanguage')) &&
      (voice === 'man' || voice === 'woman') &&
      typeof language === 'string' &&
      !isTwilioVoiceOfLanguage(voice, language)
    )
      throw new AppError('validation_error', twilioVoiceLanguageMessage(voice, language), {
        fieldName: 'voice',
      });
    return learned;
  },
  routes(app, ctx) {
    twilioWebhookRoutes(app, ctx, twilioPlatform);
    twilioMessagesRoutes(app, ctx, twilioPlatform);
    twilioVoiceRoutes(app, ctx);
  },
});
