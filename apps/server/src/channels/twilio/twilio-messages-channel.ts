import type { ChannelPlugin } from '../channel-plugin';

/** Twilio Messages: being built (issue 14). */
export const twilioMessagesChannel: ChannelPlugin<unknown, unknown> = {
  id: 'twilio',
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
