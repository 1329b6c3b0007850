import type { ChannelPlugin } from '../channel-plugin';

/** E-mail: being built (issue 14). */
export const mailChannel: ChannelPlugin<unknown, unknown> = {
  id: 'mail',
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
