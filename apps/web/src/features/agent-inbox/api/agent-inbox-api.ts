import type {
  HandoverBotsView,
  HandoverConversationView,
  HandoverInboxView,
  HandoverMessageView,
  HandoverView,
} from '@parley/contracts';
import { api } from '../../../api/client';

const conversationPath = (conversationId: string, action = '') =>
  `/api/handover/conversations/${encodeURIComponent(conversationId)}${action ? `/${action}` : ''}`;

export const fetchHandoverBots = (signal?: AbortSignal) =>
  api.get<HandoverBotsView>('/api/handover/bots', signal);

export const fetchInbox = (signal?: AbortSignal) => api.get<HandoverInboxView>('/api/handover/inbox', signal);

export const fetchHandoverConversation = (conversationId: string, signal?: AbortSignal) =>
  api.get<HandoverConversationView>(conversationPath(conversationId), signal);

export const takeConversation = (conversationId: string) =>
  api.post<HandoverView>(conversationPath(conversationId, 'take'));

export const sayToUser = (conversationId: string, text: string) =>
  api.post<HandoverMessageView>(conversationPath(conversationId, 'messages'), { text });

export const handBackToBot = (conversationId: string) =>
  api.post<HandoverView>(conversationPath(conversationId, 'hand-back'));
