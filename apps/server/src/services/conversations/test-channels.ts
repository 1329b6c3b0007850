/**
 * The channels of test conversations, declared once: the internal test chat, the shared public
 * one, and Test Sub Flow (a sub flow's latest saved version, started at once). All run the
 * flows activated to test and are marked as tests for analytics.
 */
export const TEST_CHAT_CHANNELS = {
  internal: { id: 'test-chat', name: 'Test chat' },
  public: { id: 'test-chat-public', name: 'Public test chat' },
  subFlow: { id: 'test-chat-sub-flow', name: 'Sub flow test' },
} as const;

/** A stored conversation's channel by its id (its name for the decision blocks' 'Which channel'). */
export function channelOf(id: string): { id: string; name: string } {
  return Object.values(TEST_CHAT_CHANNELS).find((channel) => channel.id === id) ?? { id, name: id };
}
