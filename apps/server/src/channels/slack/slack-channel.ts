import type { ChannelPlugin } from '../channel-plugin';

/** Slack: being built (issue 14). */
export const slackChannel: ChannelPlugin<unknown, unknown> = {
  id: 'slack',
  async isConnected() {
    return false;
  },
  toActivity() {
    return undefined;
  },
  toOutbound() {
    return [];
  },
};
