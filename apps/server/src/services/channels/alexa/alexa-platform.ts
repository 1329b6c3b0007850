import { AMAZON_KEYS } from '@parley/contracts';
import { definePlatform } from '../define-platform';
import { webhookUrlOf } from '../messaging/messaging-platform';
import { alexaChannel } from './alexa-channel';
import { alexaSkillRoutes } from './alexa-skill.routes';
import { alexaWebhookRoutes } from './alexa-webhook.routes';

/**
 * Amazon Alexa's keys (skillId, skillName, optionsMessage), the skill endpoint the user enters in
 * the Alexa developer console, and its routes. Saving keys asks Amazon nothing: a skill's endpoint
 * is only known to work when Alexa calls it.
 */
export const alexaPlatform = definePlatform({
  id: 'amazon',
  keys: AMAZON_KEYS,
  channels: { alexa: alexaChannel },
  shownKeys: (ctx, keys) => ({ endpointUrl: webhookUrlOf(ctx, 'amazon', keys.webhookId) }),
  routes(app, ctx) {
    alexaWebhookRoutes(app, ctx, alexaPlatform);
    alexaSkillRoutes(app, ctx, alexaPlatform);
  },
});
