import type { ChannelPlugin } from '../channel-plugin';
import type { TeamsAddress, TeamsInboundActivity, TeamsOutbound } from './teams-activity';
import { connectorToken, credentialsOf, forgetConnectorToken } from './teams-connector-token';
import { teamsActivityToInbound, teamsOutboundOf } from './teams-conversion';

const SEND_TIMEOUT_MS = 15_000;

/** The connector service's activities of a conversation; a reply to the user's message threads under it. */
function activitiesUrl(address: TeamsAddress): string {
  const base = `${address.serviceUrl.replace(/\/+$/, '')}/v3/conversations/${encodeURIComponent(address.conversationId)}/activities`;
  return address.replyToId ? `${base}/${encodeURIComponent(address.replyToId)}` : base;
}

/**
 * Microsoft Teams through the Bot Framework (issue 14): users' activities arrive at the
 * platform's webhook, and the bot's answers go to the connector service of the user's last
 * activity, with a token of the bot's app id and password.
 */
export const teamsChannel: ChannelPlugin<TeamsInboundActivity, TeamsOutbound, 'teams'> = {
  id: 'teams',
  async isConnected(scope, bot) {
    const record = await scope.channelKeys(bot.id).get('teams');
    return record?.keys.isEnabled === true;
  },
  toActivity: teamsActivityToInbound,
  toOutbound: teamsOutboundOf,
  async send(ctx, to, outbound) {
    const address = to.address as unknown as TeamsAddress;
    const credentials = credentialsOf(to.keys.values);
    const token = await connectorToken(ctx, credentials);
    const response = await fetch(activitiesUrl(address), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...outbound,
        from: { id: address.botId },
        recipient: { id: address.userId },
        conversation: {
          id: address.conversationId,
          ...(address.tenantId ? { tenantId: address.tenantId } : {}),
        },
        ...(address.replyToId ? { replyToId: address.replyToId } : {}),
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (response.status === 401 || response.status === 403) forgetConnectorToken(ctx, credentials);
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      throw new Error(`Teams connector answered ${response.status}: ${detail}`);
    }
  },
};
