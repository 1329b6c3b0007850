import { CONVERSATION_LOG_POLL_MS } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchConversation, fetchConversations } from '../api/conversation-log-api';

const KEYS = {
  list: (botName: string, hours: number) => ['conversation-log', botName, hours] as const,
  one: (botName: string, conversationId: string) =>
    ['conversation-log', botName, 'one', conversationId] as const,
};

/** The sidebar's conversations, polled every 120 s while the screen is open (spec 01 section 9). */
export const useConversations = (botName: string, hours: number) =>
  useQuery({
    queryKey: KEYS.list(botName, hours),
    queryFn: ({ signal }) => fetchConversations(botName, hours, signal),
    refetchInterval: CONVERSATION_LOG_POLL_MS,
    meta: { handlesErrors: true },
    retry: false,
  });

export const useConversation = (botName: string, conversationId: string | undefined) =>
  useQuery({
    queryKey: KEYS.one(botName, conversationId ?? ''),
    queryFn: ({ signal }) => fetchConversation(botName, conversationId ?? '', signal),
    enabled: conversationId !== undefined,
    refetchInterval: CONVERSATION_LOG_POLL_MS,
    meta: { handlesErrors: true },
    retry: false,
  });
