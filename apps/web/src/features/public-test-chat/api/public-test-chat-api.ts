import {
  TEST_CHAT_SOCKET_PARAM,
  TEST_CHAT_TOKEN_HEADER,
  type TestChatPasswordType,
  type TestChatSession,
  type TestChatStarted,
  WEBSOCKET_APP_NAME,
} from '@parley/contracts';
import { apiRequest } from '../../../api/client';

/** The link's password (or the designer's pass) for a session of this bot's public test chat. */
export const openTestChatSession = (linkId: string, password: string, passwordType: TestChatPasswordType) =>
  apiRequest<TestChatSession>('POST', '/api/test-chat/sessions', {
    body: { linkId, password, passwordType },
  }).then((r) => r.data);

/** A new conversation in the session's test chat; it is then talked in over the websocket. */
export const startPublicTestChat = (session: TestChatSession) =>
  apiRequest<TestChatStarted>('POST', '/api/test-chat/conversations', {
    headers: { [TEST_CHAT_TOKEN_HEADER]: session.token },
  }).then((r) => r.data);

/** The gateway's address for a visitor's socket: the session token, not a platform token. */
export function visitorSocketAddress(session: TestChatSession): string {
  const address = new URL(session.websocketUrl);
  address.searchParams.set('app', WEBSOCKET_APP_NAME);
  address.searchParams.set(TEST_CHAT_SOCKET_PARAM, session.token);
  return address.toString();
}
