import {
  type ChatHistoryEntry,
  CONTINUE_CONVERSATION_WITHIN_HOURS,
  type InboundActivity,
  type OutboundActivity,
  readBotSettings,
} from '@parley/contracts';
import type { Bot, ConversationRecord, TenantScope } from '@parley/db';
import { isMessageTurn } from './conversation-log.service';
import { type ConversationOrigin, startConversation } from './conversation-turns.service';

export interface JoinedConversation {
  conversation: ConversationRecord;
  isContinued: boolean;
  history: ChatHistoryEntry[];
}

/**
 * The conversation a user who opens a chat talks in: with the bot's continueOldConversations on,
 * their last one on this channel (quiet for at most CONTINUE_CONVERSATION_WITHIN_HOURS), with what
 * was said so far; otherwise, or when they ask to start anew, a new one.
 */
export async function joinConversation(
  scope: TenantScope,
  bot: Bot,
  origin: ConversationOrigin,
  options: { startNew?: boolean; now?: number } = {},
): Promise<JoinedConversation> {
  if (readBotSettings(bot.settings).continueOldConversations && !options.startNew) {
    const since = (options.now ?? Date.now()) - CONTINUE_CONVERSATION_WITHIN_HOURS * 3_600_000;
    const conversations = scope.conversations(bot.id);
    const last = await conversations.latestOf({
      channel: origin.channel.id,
      userKey: origin.userKey,
      activeSince: new Date(since).toISOString(),
    });
    if (last) {
      const history = (await conversations.turnsOf(last.id))
        .filter(isMessageTurn)
        .map(
          (turn): ChatHistoryEntry =>
            turn.direction === 'in'
              ? { from: 'user', activity: turn.activity as InboundActivity }
              : { from: 'bot', activity: turn.activity as OutboundActivity },
        );
      return { conversation: last, isContinued: true, history };
    }
  }
  return { conversation: await startConversation(scope, bot, origin), isContinued: false, history: [] };
}
