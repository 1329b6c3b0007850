import type { ChannelPlugin } from '../channel-plugin';

/** Microsoft Teams: being built (issue 14). */
export const teamsChannel: ChannelPlugin<unknown, unknown> = {
  id: 'teams',
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
