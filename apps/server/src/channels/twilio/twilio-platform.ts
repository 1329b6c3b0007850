import { TWILIO_KEYS } from '@parley/contracts';
import type { MessagingPlatform } from '../messaging/messaging-platform';
import { twilioMessagesRoutes } from './twilio-messages-routes';
import { twilioVoiceRoutes } from './twilio-voice-routes';

/** Twilio's keys (one account for Voice and Messages), webhooks and calls (issue 14). */
export const twilioPlatform: MessagingPlatform = {
  id: 'twilio',
  keys: TWILIO_KEYS,
  routes(app, ctx) {
    twilioMessagesRoutes(app, ctx);
    twilioVoiceRoutes(app, ctx);
  },
};
