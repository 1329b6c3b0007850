import type { BotConfigurationView, BotDetails } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { BOT_KEYS, botsApiPath } from '../../bots';

/** The Configuration tab's key and answer (GET /api/bots/{bot}/configuration): one cache for both tabs. */
const configurationKey = (botName: string) => [...BOT_KEYS.bot(botName), 'configuration'];

/**
 * Whether the bot's Chat Bubble channel is added and enabled (spec 04 section 2.3: the Chat
 * Bubble item of the Features sidebar is enabled only then). Read from the Configuration tab's
 * call, so enabling the channel there enables the item here. While it loads, or when the call
 * fails, the item stays disabled.
 */
export function useIsChatBubbleChannelEnabled(bot: BotDetails): boolean {
  const configuration = useQuery({
    queryKey: configurationKey(bot.botName),
    queryFn: ({ signal }) =>
      api.get<BotConfigurationView>(`${botsApiPath(bot.botName)}/configuration`, signal),
  });
  const channel = configuration.data?.channels.find((c) => c.id === 'chatBubble');
  return channel?.visible === true && channel.enabled;
}
