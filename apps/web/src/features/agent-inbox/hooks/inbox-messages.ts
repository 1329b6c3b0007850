import type { HandoverConversationView, HandoverMessageView } from '@parley/contracts';

/**
 * The open conversation with a message that arrived live: appended once, however often it comes
 * (the agent's own message arrives both as the answer to Send and as an event).
 */
export function withMessage(
  current: HandoverConversationView | undefined,
  message: HandoverMessageView,
): HandoverConversationView | undefined {
  if (!current || current.messages.some((m) => m.turnId === message.turnId)) return current;
  return { ...current, messages: [...current.messages, message] };
}
