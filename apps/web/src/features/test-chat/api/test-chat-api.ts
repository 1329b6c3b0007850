import type { TestChatStarted } from '@parley/contracts';
import { api } from '../../../api/client';

/** A new test conversation with the bot (permission 27); it is then talked in over the websocket. */
export const startTestChat = (botName: string) =>
  api.post<TestChatStarted>(`/api/bots/${encodeURIComponent(botName)}/test-chat`);
