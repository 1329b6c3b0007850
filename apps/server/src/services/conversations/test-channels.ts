import { TEST_CHAT_CHANNELS } from '@parley/contracts';

export { TEST_CHAT_CHANNELS };

/** A stored conversation's channel by its id (its name for the decision blocks' 'Which channel'). */
export function channelOf(id: string): { id: string; name: string } {
  return Object.values(TEST_CHAT_CHANNELS).find((channel) => channel.id === id) ?? { id, name: id };
}
