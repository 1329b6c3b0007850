import type { ChannelPlugin } from '../channel-plugin';
import { type AlexaSpeechPart, alexaPartsOf } from './alexa-speech';
import { type AlexaUtterance, activityOfUtterance } from './alexa-utterance';

/**
 * Amazon Alexa (issue 14): a custom skill whose HTTPS endpoint is the bot's Alexa webhook. It is
 * voice in turns: every answer goes back in the response to the user's request (no `send`), so a
 * Delay's end or an agent's answer cannot reach an Alexa user later.
 */
export const alexaChannel: ChannelPlugin<AlexaUtterance, AlexaSpeechPart, 'alexa'> = {
  id: 'alexa',
  async isConnected(scope, bot) {
    const skillId = (await scope.channelKeys(bot.id).get('amazon'))?.keys.skillId;
    return typeof skillId === 'string' && skillId !== '';
  },
  toActivity: activityOfUtterance,
  toOutbound: alexaPartsOf,
};
