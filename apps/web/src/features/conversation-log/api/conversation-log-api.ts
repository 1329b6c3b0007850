import type { ConversationLogView, ConversationSummaryView } from '@parley/contracts';
import { api } from '../../../api/client';

const base = (botName: string) => `/api/bots/${encodeURIComponent(botName)}/conversations`;

export const fetchConversations = (botName: string, hours: number, signal?: AbortSignal) =>
  api.get<ConversationSummaryView[]>(`${base(botName)}?hours=${hours}`, signal);

export const fetchConversation = (botName: string, conversationId: string, signal?: AbortSignal) =>
  api.get<ConversationLogView>(`${base(botName)}/${encodeURIComponent(conversationId)}`, signal);
