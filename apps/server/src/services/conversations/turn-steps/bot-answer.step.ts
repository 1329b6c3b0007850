import { readBotSettings, systemMessagesIn } from '@parley/contracts';
import { emptyTrace, readConversationState, runTurn } from '@parley/runtime';
import { botForTurn } from '../bot-for-turn';
import type { TurnOutcome, TurnStep } from './turn';

/**
 * The bot answers (unless a step before it did): the runtime recognises the message and steps
 * the flow. A failure of the flow, or of ours, still answers the user with the bot's
 * unexpected-error message; the trace and the log keep why.
 */
export const botAnswerStep = {
  name: 'bot-answer',
  async run(turn) {
    if (turn.outcome) return undefined;
    const { ctx, scope, bot, conversation, origin, activity } = turn;
    const messages = systemMessagesIn(readBotSettings(bot.settings).systemMessages, conversation.language);
    if (activity.type === 'text' && activity.text.trim() === '') {
      turn.outcome = {
        activities: [{ type: 'text', text: messages.messageTextEmpty }],
        trace: emptyTrace(),
        state: conversation.state,
      };
      return undefined;
    }
    try {
      const result = await runTurn({
        bot: await botForTurn(ctx, scope, bot, {
          target: origin.target,
          language: conversation.language,
          channel: origin.channel,
          conversationId: conversation.id,
          isFirstTurn: conversation.turnCount === 0,
        }),
        state: readConversationState(conversation.state),
        activity,
      });
      // A failed call was logged where it ran (runtime-functions): one failure, one warning.
      if (result.trace.error && !result.trace.failedCall) {
        // The designer's to fix (a variable without a value, a flow that loops...): the log says which.
        ctx.log.warn(
          { bot: bot.id, conversationId: conversation.id, reason: result.trace.error },
          'a flow ended its turn early',
        );
      }
      for (const warning of result.trace.warnings)
        ctx.log.warn(
          { bot: bot.id, conversationId: conversation.id, reason: warning },
          'a turn went on despite',
        );
      const outcome: TurnOutcome = {
        // The flow stopped on an error (the test chat's details say which): the user is not left without an answer.
        activities: result.trace.error
          ? [...result.activities, { type: 'text' as const, text: messages.unexpectedErrorMessage }]
          : result.activities,
        trace: result.trace,
        state: result.state as unknown as Record<string, unknown>,
      };
      if (result.resumeAfterMs !== undefined) outcome.resumeAfterMs = result.resumeAfterMs;
      if (result.inactivityAfterMs !== undefined) outcome.inactivityAfterMs = result.inactivityAfterMs;
      turn.outcome = outcome;
    } catch (error) {
      // A failure of ours (not of the flow): the user hears the bot's error message, the log keeps why.
      ctx.log.error(
        { err: error, bot: bot.id, conversationId: conversation.id },
        'a conversation turn failed',
      );
      turn.outcome = {
        activities: [{ type: 'text', text: messages.unexpectedErrorMessage }],
        trace: { ...emptyTrace(), error: messages.unexpectedErrorMessage },
        state: conversation.state,
      };
    }
    return undefined;
  },
} satisfies TurnStep;
