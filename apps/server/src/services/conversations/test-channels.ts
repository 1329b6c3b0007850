import { channelNameOf, TEST_CHAT_CHANNELS } from '@parley/contracts';

export { TEST_CHAT_CHANNELS };

/**
 * A stored conversation's channel by its id, with the name the decision blocks' 'Which channel'
 * compares: a test chat's, else the catalogue's (a delay's end on the API channel is still 'API').
 */
export function channelOf(id: string): { id: string; name: string } {
  return { id, name: channelNameOf(id) };
}
