import { customError, TEAMS_KEYS } from '@parley/contracts';
import { definePlatform } from '../define-platform';
import { storePlatformKeys } from '../messaging/channel-keys.service';
import { webhookUrlOf } from '../messaging/messaging-platform';
import { teamsChannel } from './teams-channel';
import { credentialsOf, requestConnectorToken } from './teams-connector-token';
import { TEAMS_MESSAGES } from './teams-messages';
import { teamsRoutes } from './teams-routes';

/**
 * Teams' keys, its messaging endpoint (what the Azure bot's configuration takes), 'Enable teams'
 * (saving the keys asks Microsoft's token service whether it accepts the app id and password:
 * isEnabled says it did), the webhook and the 'Add to Teams' link (spec 04 sections 3.4, 4, 7.1).
 */
export const teamsPlatform = definePlatform({
  id: 'teams',
  keys: TEAMS_KEYS,
  channels: { teams: teamsChannel },
  shownKeys: (ctx, keys) => ({ messagingEndpoint: webhookUrlOf(ctx, 'teams', keys.webhookId) }),
  async afterSave(ctx, keys) {
    const credentials = credentialsOf(keys.values);
    // Without both, nothing is asked of Microsoft; keys that were enabled are no longer.
    if (credentials.appId === '' || credentials.appPassword === '')
      return keys.values.isEnabled === true ? { isEnabled: false } : {};
    const outcome = await requestConnectorToken(ctx, credentials);
    if (outcome.kind === 'granted') return { isEnabled: true };
    // The keys stay stored (the user corrects one field), no longer enabled: they are unchecked.
    const scope = ctx.repos.forTenant(keys.bot.tenantId);
    await storePlatformKeys(ctx, scope, keys.bot, teamsPlatform, { ...keys.values, isEnabled: false });
    if (outcome.kind === 'refused') throw customError(TEAMS_MESSAGES.refused, 400);
    ctx.log.warn({ error: outcome.error }, 'Teams: the token service could not be asked');
    throw customError(TEAMS_MESSAGES.unreachable, 502);
  },
  routes(app, ctx) {
    teamsRoutes(app, ctx, teamsPlatform);
  },
});
