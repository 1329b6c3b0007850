import type { ChannelPlugin } from '../channel-plugin';

/** Amazon Alexa: being built (issue 14). */
export const alexaChannel: ChannelPlugin<unknown, unknown> = {
  id: 'alexa',
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
