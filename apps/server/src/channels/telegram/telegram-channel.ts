import type { ChannelPlugin } from '../channel-plugin';

/** Telegram: being built (issue 14). */
export const telegramChannel: ChannelPlugin<unknown, unknown> = {
  id: 'telegram',
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
