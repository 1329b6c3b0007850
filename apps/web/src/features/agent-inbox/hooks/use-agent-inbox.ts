import type {
  HandoverChangedMessage,
  HandoverConversationView,
  HandoverMessageMessage,
  HandoverMessageView,
  RealtimeTopic,
} from '@parley/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectRealtime } from '../../../api/realtime-socket';
import {
  fetchHandoverBots,
  fetchHandoverConversation,
  fetchInbox,
  handBackToBot,
  sayToUser,
  takeConversation,
} from '../api/agent-inbox-api';
import { withMessage } from './inbox-messages';

export const INBOX_KEYS = {
  bots: ['agent-inbox', 'bots'] as const,
  inbox: ['agent-inbox', 'inbox'] as const,
  conversation: (conversationId: string) => ['agent-inbox', 'conversation', conversationId] as const,
};

/** A socket follows at most 50 topics; the inbox keeps some room under it. */
export const MAX_FOLLOWED_BOTS = 40;
/**
 * Read again this often besides the live events: what a dropped socket missed until it is back,
 * and the bots past MAX_FOLLOWED_BOTS of someone who answers for very many.
 */
const INBOX_REFRESH_MS = 30_000;

export const useHandoverBots = () =>
  useQuery({
    queryKey: INBOX_KEYS.bots,
    queryFn: ({ signal }) => fetchHandoverBots(signal),
  });

export const useInbox = () =>
  useQuery({
    queryKey: INBOX_KEYS.inbox,
    queryFn: ({ signal }) => fetchInbox(signal),
    refetchInterval: INBOX_REFRESH_MS,
  });

export const useHandoverConversation = (conversationId: string | undefined) =>
  useQuery({
    queryKey: INBOX_KEYS.conversation(conversationId ?? ''),
    queryFn: ({ signal }) => fetchHandoverConversation(conversationId ?? '', signal),
    enabled: conversationId !== undefined,
    refetchInterval: INBOX_REFRESH_MS,
    meta: { handlesErrors: true },
    retry: false,
  });

const isChanged = (m: Record<string, unknown>): m is HandoverChangedMessage & Record<string, unknown> =>
  m.type === 'handover:changed' && typeof m.handover === 'object' && m.handover !== null;
const isMessage = (m: Record<string, unknown>): m is HandoverMessageMessage & Record<string, unknown> =>
  m.type === 'handover:message' && typeof m.conversationId === 'string' && typeof m.message === 'object';

/** A message the open conversation does not show yet joins it at once, without a reload. */
function addMessage(queries: QueryClient, conversationId: string, message: HandoverMessageView): void {
  queries.setQueryData<HandoverConversationView>(INBOX_KEYS.conversation(conversationId), (current) =>
    withMessage(current, message),
  );
}

/**
 * Follows the inbox topics of the bots the agent answers for: a conversation that starts
 * waiting, is taken or goes back, and every message, arrive without a reload, whichever server
 * process they happened on. After a dropped connection everything is read again.
 */
export function useInboxEvents(botIds: readonly string[]): void {
  const queries = useQueryClient();
  const key = botIds.slice(0, MAX_FOLLOWED_BOTS).join('\n');
  useEffect(() => {
    if (key === '') return undefined;
    const topics: RealtimeTopic[] = key.split('\n').map((botId) => ({ kind: 'handover-inbox', botId }));
    return connectRealtime({
      topics,
      onMessage: (message) => {
        if (isChanged(message)) {
          void queries.invalidateQueries({ queryKey: INBOX_KEYS.inbox });
          void queries.invalidateQueries({
            queryKey: INBOX_KEYS.conversation(message.handover.conversationId),
          });
        } else if (isMessage(message)) {
          addMessage(queries, message.conversationId, message.message);
          void queries.invalidateQueries({ queryKey: INBOX_KEYS.inbox });
        }
      },
      onReconnected: () => void queries.invalidateQueries({ queryKey: ['agent-inbox'] }),
    });
  }, [key, queries]);
}

/** Take, say and hand back: each refreshes the inbox and the conversation when done. */
export function useInboxActions(conversationId: string | undefined) {
  const queries = useQueryClient();
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: INBOX_KEYS.inbox });
    if (conversationId) void queries.invalidateQueries({ queryKey: INBOX_KEYS.conversation(conversationId) });
  };
  const take = useMutation({
    mutationFn: (id: string) => takeConversation(id),
    onSettled: refresh,
    meta: { handlesErrors: true },
  });
  const say = useMutation({
    mutationFn: (text: string) => sayToUser(conversationId ?? '', text),
    onSuccess: (message) => {
      if (conversationId) addMessage(queries, conversationId, message);
    },
    meta: { handlesErrors: true },
  });
  const handBack = useMutation({
    mutationFn: () => handBackToBot(conversationId ?? ''),
    onSettled: refresh,
    meta: { handlesErrors: true },
  });
  return { take, say, handBack };
}
