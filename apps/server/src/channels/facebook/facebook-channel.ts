import type { ChannelPlugin } from '../channel-plugin';

/** Facebook Messenger: being built (issue 14). */
export const facebookChannel: ChannelPlugin<unknown, unknown> = {
  id: 'facebook',
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
