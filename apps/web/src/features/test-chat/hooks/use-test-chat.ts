import { useCallback } from 'react';
import { handleApiError } from '../../../api/error-reactions';
import { startTestChat } from '../api/test-chat-api';
import { useConversationChat } from './use-conversation-chat';

export type { TestChatStatus } from './use-conversation-chat';

/**
 * The internal test chat's conversation; with `subFlow`, a Test Sub Flow conversation (the sub
 * flow's latest saved version runs at once). With 'Disable analytics' on, the conversation is
 * started marked (logged, left out of analytics); turning it on or off starts a new one.
 */
export function useTestChat(botName: string, isAnalyticsDisabled = false, subFlow?: string) {
  const start = useCallback(
    ({ startNew }: { startNew: boolean }) =>
      startTestChat(botName, { isAnalyticsDisabled, startNew, ...(subFlow ? { subFlow } : {}) }),
    [botName, isAnalyticsDisabled, subFlow],
  );
  return useConversationChat({ start, onStartFailed: handleApiError });
}
