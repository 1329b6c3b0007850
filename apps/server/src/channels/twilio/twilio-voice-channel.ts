import type { ChannelPlugin } from '../channel-plugin';

/** Twilio Voice: being built (issue 14). */
export const twilioVoiceChannel: ChannelPlugin<unknown, unknown> = {
  id: 'twilioVoice',
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
