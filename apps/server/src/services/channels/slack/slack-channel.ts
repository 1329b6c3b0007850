import type { ChannelPlugin } from '../channel-plugin';
import { slackClient } from './slack-api';
import { type SlackMessage, slackMessagesOf } from './slack-blocks';
import {
  type SlackBlockActions,
  type SlackEvent,
  slackClickActivity,
  slackEventActivity,
} from './slack-inbound';

/** What Slack delivers to the bot: an event (with the bot's own user id, to leave its mentions out) or a click. */
export type SlackInboundPayload =
  | { kind: 'event'; event: SlackEvent; botUserId?: string }
  | { kind: 'click'; action: SlackBlockActions['actions'][number] };

/**
 * Slack (issue 14): the Events API in (direct messages and mentions), Block Kit out through
 * chat.postMessage with the workspace's bot token; the app's keys and routes are slackPlatform's.
 */
export const slackChannel: ChannelPlugin<SlackInboundPayload, SlackMessage, 'slack'> = {
  id: 'slack',
  async isConnected(scope, bot) {
    const record = await scope.channelKeys(bot.id).get('slack');
    // A token counts once Slack accepted it: an install, or auth.test, learned its workspace.
    const isInstalled = typeof record?.keys.teamId === 'string' && record.keys.teamId !== '';
    return isInstalled && !!record?.sealedSecrets.botToken && !!record.sealedSecrets.signingSecret;
  },
  toActivity(inbound) {
    return inbound.kind === 'event'
      ? slackEventActivity(inbound.event, inbound.botUserId)
      : slackClickActivity(inbound.action);
  },
  toOutbound: slackMessagesOf,
  async send(ctx, to, message) {
    const token = to.keys.values.botToken;
    const channel = to.address.channel;
    const threadTs = to.address.threadTs;
    if (typeof token !== 'string' || token === '')
      throw new Error('The Slack app is not installed for this bot.');
    if (typeof channel !== 'string') throw new Error('The Slack user has no channel to answer in.');
    await slackClient(ctx, token).chat.postMessage({
      channel,
      text: message.text,
      blocks: message.blocks,
      ...(typeof threadTs === 'string' ? { thread_ts: threadTs } : {}),
    });
  },
};
