import { type FlowTargetName, notFound, readBotSettings, systemMessagesIn } from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';
import {
  type InboundActivity,
  type OutboundActivity,
  readConversationState,
  runTurn,
  type TurnTrace,
} from '@parley/runtime';
import type { AppContext } from '../../context';
import { botForTurn } from './bot-for-turn';
import { oneAtATime } from './conversation-lock';

/** Where a conversation takes place: the channel, who talks, and which flows it runs. */
export interface ConversationOrigin {
  channel: { id: string; name: string };
  userKey: string;
  /** Test chats run the flows activated to test, and analytics can leave them out. */
  isTest: boolean;
  target: FlowTargetName;
}

export interface TurnAnswer {
  conversationId: string;
  activities: OutboundActivity[];
  trace: TurnTrace;
}

export const CONVERSATION_MESSAGES = {
  notFound: (id: string) => `There is no conversation ${id} of this bot.`,
} as const;

/**
 * Starts a conversation of a bot in its main language. The first turn comes with the user's
 * first message (`takeTurn`).
 */
export async function startConversation(scope: TenantScope, bot: Bot, origin: ConversationOrigin) {
  const settings = readBotSettings(bot.settings);
  return scope.conversations(bot.id).start({
    channel: origin.channel.id,
    userKey: origin.userKey,
    language: settings.language,
    isTest: origin.isTest,
    state: {},
  });
}

/**
 * One turn of a conversation: the user's activity is answered by the runtime, the new state is
 * stored, and the user's turn and the bot's answers are appended to the conversation's log.
 * Turns of one conversation run one at a time.
 */
export async function takeTurn(
  ctx: AppContext,
  scope: TenantScope,
  bot: Bot,
  conversationId: string,
  origin: ConversationOrigin,
  activity: InboundActivity,
): Promise<TurnAnswer> {
  const conversations = scope.conversations(bot.id);
  return oneAtATime(conversationId, async () => {
    // Read inside the turn: the previous turn's state is the one to continue from.
    const conversation = await conversations.get(conversationId);
    if (!conversation) throw notFound(CONVERSATION_MESSAGES.notFound(conversationId));
    const settings = readBotSettings(bot.settings);
    const messages = systemMessagesIn(settings.systemMessages, conversation.language);

    let activities: OutboundActivity[];
    let trace: TurnTrace = { recognition: null, flowTriggered: null, blockHits: [], error: null };
    let state = conversation.state;
    if (activity.type === 'text' && activity.text.trim() === '') {
      activities = [{ type: 'text', text: messages.messageTextEmpty }];
    } else {
      try {
        const result = await runTurn({
          bot: botForTurn(ctx, scope, bot, {
            target: origin.target,
            language: conversation.language,
            channel: origin.channel,
            conversationId,
          }),
          state: readConversationState(conversation.state),
          activity,
        });
        activities = result.activities;
        trace = result.trace;
        // The flow stopped on an error (the test chat's details say which): the user is not left without an answer.
        if (trace.error)
          activities = [...activities, { type: 'text', text: messages.unexpectedErrorMessage }];
        state = result.state as unknown as Record<string, unknown>;
      } catch (error) {
        // A failure of ours (not of the flow): the user hears the bot's error message, the log keeps why.
        ctx.log.error({ err: error, bot: bot.id, conversationId }, 'a conversation turn failed');
        activities = [{ type: 'text', text: messages.unexpectedErrorMessage }];
        trace = { ...trace, error: messages.unexpectedErrorMessage };
      }
    }

    await conversations.saveState(conversationId, state);
    await conversations.appendTurn(conversationId, {
      direction: 'in',
      activity,
      intent: trace.recognition?.intent ?? null,
      confidence: trace.recognition ? trace.recognition.score : null,
      flow: trace.flowTriggered,
      blockIds: trace.blockHits.length > 0 ? trace.blockHits.map((hit) => hit.blockId) : null,
    });
    for (const answer of activities) {
      await conversations.appendTurn(conversationId, { direction: 'out', activity: answer });
    }
    return { conversationId, activities, trace };
  });
}
