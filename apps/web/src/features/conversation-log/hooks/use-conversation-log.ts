import { CONVERSATION_LOG_POLL_MS } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fetchConversation, fetchConversations, fetchLatestMessages } from '../api/conversation-log-api';

const KEYS = {
  all: (botName: string) => ['conversation-log', botName] as const,
  list: (botName: string, hours: number) => ['conversation-log', botName, hours] as const,
  one: (botName: string, conversationId: string) =>
    ['conversation-log', botName, 'one', conversationId] as const,
};

export const useConversations = (botName: string, hours: number) =>
  useQuery({
    queryKey: KEYS.list(botName, hours),
    queryFn: ({ signal }) => fetchConversations(botName, hours, signal),
    meta: { handlesErrors: true },
    retry: false,
  });

export const useConversation = (botName: string, conversationId: string | undefined) =>
  useQuery({
    queryKey: KEYS.one(botName, conversationId ?? ''),
    queryFn: ({ signal }) => fetchConversation(botName, conversationId ?? '', signal),
    enabled: conversationId !== undefined,
    meta: { handlesErrors: true },
    retry: false,
  });

/**
 * Recent messages polled every 120 s while the screen is open (spec 01 sections 2 and 9): the
 * recent chat history after the newest message the screen knows (`newestKnown`, or the last one
 * polled). Only when something new was said are the conversations and the open one read again,
 * so a quiet bot costs one small call a poll. Leaving the screen stops it.
 */
export function useRecentMessages(botName: string, newestKnown: string | undefined): void {
  const queryClient = useQueryClient();
  const newest = useRef<string | undefined>(undefined);
  if (newestKnown && (!newest.current || newestKnown > newest.current)) newest.current = newestKnown;
  useEffect(() => {
    const controller = new AbortController();
    const poll = async () => {
      try {
        const last = (await fetchLatestMessages(botName, newest.current, controller.signal)).at(-1);
        if (!last) return;
        if (!newest.current || last.timestamp > newest.current) newest.current = last.timestamp;
        await queryClient.invalidateQueries({ queryKey: KEYS.all(botName) });
      } catch {
        // A poll that failed is made again at the next one; the screen shows what it has.
      }
    };
    const timer = window.setInterval(() => void poll(), CONVERSATION_LOG_POLL_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [botName, queryClient]);
}
