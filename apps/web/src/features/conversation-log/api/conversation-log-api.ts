import type { ChatMessageView, ConversationLogView, ConversationSummaryView } from '@parley/contracts';
import { api } from '../../../api/client';

const botPath = (botName: string) => `/api/bots/${encodeURIComponent(botName)}`;
const base = (botName: string) => `${botPath(botName)}/conversations`;

export const fetchConversations = (botName: string, hours: number, signal?: AbortSignal) =>
  api.get<ConversationSummaryView[]>(`${base(botName)}?hours=${hours}`, signal);

export const fetchConversation = (botName: string, conversationId: string, signal?: AbortSignal) =>
  api.get<ConversationLogView>(`${base(botName)}/${encodeURIComponent(conversationId)}`, signal);

/** The recent chat history (spec 02 section 7): what was said after `since`. */
export const fetchLatestMessages = (botName: string, since: string | undefined, signal?: AbortSignal) =>
  api.get<ChatMessageView[]>(
    `${botPath(botName)}/conversation/log/latest${since ? `?since=${encodeURIComponent(since)}` : ''}`,
    signal,
  );
