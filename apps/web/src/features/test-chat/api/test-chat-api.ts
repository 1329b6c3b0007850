import type {
  InternalTestChatPassView,
  StartTestChatBody,
  TestChatPasswordView,
  TestChatStarted,
  UnreachableFunctionHost,
} from '@parley/contracts';
import { api } from '../../../api/client';

const botPath = (botName: string) => `/api/bots/${encodeURIComponent(botName)}`;

/** A new test conversation with the bot (permission 27); it is then talked in over the websocket. */
export const startTestChat = (botName: string, body: Partial<StartTestChatBody> = {}) =>
  api.post<TestChatStarted>(`${botPath(botName)}/test-chat`, body);

/** The shared link's password, made on the first call ('Show password', permission 28). */
export const fetchTestChatPassword = (botName: string) =>
  api.get<TestChatPasswordView>(`${botPath(botName)}/ext-chat/password`);

/** A new password for the shared link ('Reset password'); sessions opened with the old one end. */
export const resetTestChatPassword = (botName: string) =>
  api.put<TestChatPasswordView>(`${botPath(botName)}/ext-chat/password`);

/** The designer's short-lived pass that opens the public test chat unlocked ('Open testlink'). */
export const fetchTestChatPass = (botName: string) =>
  api.get<InternalTestChatPassView>(`${botPath(botName)}/int-chat/password`);

/**
 * The functions the bot's active flows call whose host a call cannot reach now (permission 27):
 * the test chat warns of them before a conversation breaks there.
 */
export const fetchUnreachableFunctionHosts = (botName: string, signal?: AbortSignal) =>
  api.get<UnreachableFunctionHost[]>(`${botPath(botName)}/unreachable-function-hosts`, signal);
