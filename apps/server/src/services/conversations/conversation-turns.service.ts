import {
  conflict,
  conversationLanguage,
  type FlowTargetName,
  notFound,
  readBotSettings,
  systemMessagesIn,
} from '@parley/contracts';
import type { Bot, ConversationRecord, TenantScope } from '@parley/db';
import {
  emptyTrace,
  type InboundActivity,
  type OutboundActivity,
  readConversationState,
  runTurn,
  type TurnTrace,
} from '@parley/runtime';
import type { AppContext } from '../../context';
import { gdprSettingsOf } from '../features/feature-settings.service';
import { type ConsentOutcome, consentGate } from '../gdpr/consent-gate';
import { isRemovalRequest, turnRecording } from '../gdpr/turn-privacy';
import { afterBotAnswer, handoverTurn } from '../handover/handover-turns';
import { messageSentiment } from '../handover/message-sentiment';
import { botForTurn } from './bot-for-turn';
import { oneAtATime } from './conversation-lock';
import { scheduledTurnAfter, scheduleTurn } from './scheduled-turns.service';

/** Where a conversation takes place: the channel, who talks, and which flows it runs. */
export interface ConversationOrigin {
  channel: { id: string; name: string };
  userKey: string;
  /** Test chats run the flows activated to test, and analytics can leave them out. */
  isTest: boolean;
  target: FlowTargetName;
  /** 'Disable analytics' in the test chat: the conversation is logged, analytics leave it out. */
  isAnalyticsDisabled?: boolean;
  /** The language the user's channel asks for (browser, locale); the bot's supported ones decide. */
  language?: string;
}

export interface TurnAnswer {
  conversationId: string;
  activities: OutboundActivity[];
  trace: TurnTrace;
  /** The conversation's state after the turn, as stored. */
  state: Record<string, unknown>;
}

/** Runs a turn only on the conversation as the caller saw it (a scheduled resume after a delay). */
export interface TurnCondition {
  /** The turn count the conversation must still have; another turn meanwhile makes this one a no-op. */
  atTurn: number;
}

export const CONVERSATION_MESSAGES = {
  notFound: (id: string) => `There is no conversation ${id} of this bot.`,
  busy: 'This conversation is taking another message. Send yours again.',
} as const;

/**
 * Starts a conversation of a bot in the language its channel asks for, when the bot supports it,
 * else in its main language. The first turn comes with the user's
 * first message (`takeTurn`).
 */
export async function startConversation(scope: TenantScope, bot: Bot, origin: ConversationOrigin) {
  const settings = readBotSettings(bot.settings);
  return scope.conversations(bot.id).start({
    channel: origin.channel.id,
    userKey: origin.userKey,
    language: conversationLanguage(settings, origin.language),
    isTest: origin.isTest,
    isAnalyticsDisabled: origin.isAnalyticsDisabled ?? false,
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
  const answer = await takeTurnIf(ctx, scope, bot, conversationId, origin, activity, undefined);
  if (!answer) throw new Error('A turn without a condition is always taken.');
  return answer;
}

/** takeTurn, but only while the conversation is as `condition` says; undefined when it moved on. */
export async function takeTurnIf(
  ctx: AppContext,
  scope: TenantScope,
  bot: Bot,
  conversationId: string,
  origin: ConversationOrigin,
  activity: InboundActivity,
  condition: TurnCondition | undefined,
): Promise<TurnAnswer | undefined> {
  const conversations = scope.conversations(bot.id);
  return oneAtATime(conversationId, async () => {
    // Turns of one conversation on one process wait for each other here; a turn another process
    // stored meanwhile makes this one run again on the state it left.
    for (let attempt = 1; ; attempt++) {
      const conversation = await conversations.get(conversationId);
      if (!conversation) throw notFound(CONVERSATION_MESSAGES.notFound(conversationId));
      if (condition && conversation.turnCount !== condition.atTurn) return undefined;
      // Human handover (issue 13): while the conversation waits for or talks with an agent, the
      // user's message goes to the agent (services/handover) and the bot does not run.
      const withAgent = await handoverTurn(ctx, scope, bot, conversation, activity);
      if (withAgent) return withAgent;
      // Privacy first (spec 04 section 3.7): removal of the user's data, then consent, decide
      // whether the bot answers; masking decides what of the turn is logged and stored.
      const gdpr = gdprSettingsOf(bot);
      const isRemoval = isRemovalRequest(gdpr, activity);
      if (isRemoval) await conversations.removeUserData(origin.userKey, conversationId);
      const consent: ConsentOutcome = isRemoval
        ? {
            kind: 'consent',
            activities: [{ type: 'text', text: gdpr.removeUserDataMessage }],
            isRecorded: true,
          }
        : await consentGate(scope, bot, gdpr, conversation, origin, activity);
      const answer =
        consent.kind === 'bot'
          ? await answerTurn(ctx, scope, bot, conversation, origin, activity)
          : {
              activities: consent.activities,
              trace: emptyTrace(),
              state: isRemoval ? {} : conversation.state,
            };
      const recording = turnRecording(gdpr, consent.isRecorded);
      // The consent dialogue's own texts are the bot's settings, never what a user wrote: kept (masked).
      const botRecording = consent.kind === 'consent' ? turnRecording(gdpr, true) : recording;
      const state = recording.state(answer.state);
      if (await conversations.saveTurnState(conversationId, conversation.turnCount, state)) {
        // Human handover (issue 13): the turn may move the conversation to an agent; the user hears
        // the queue or the not-available message (services/handover).
        const sentiment = messageSentiment(activity, conversation.language);
        answer.activities.push(
          ...(await afterBotAnswer(ctx, scope, bot, conversation, activity, { ...answer, sentiment })),
        );
        const userTurn = {
          direction: 'in' as const,
          activity: recording.activity(activity),
          intent: answer.trace.recognition?.intent ?? null,
          confidence: answer.trace.recognition ? answer.trace.recognition.score : null,
          flow: answer.trace.flowTriggered,
          hits: answer.trace.blockHits.length > 0 ? answer.trace.blockHits : null,
          counted: answer.trace.counted.length > 0 ? answer.trace.counted : null,
          sentiment,
        };
        await conversations.appendTurns(conversationId, [
          // A removal request is not logged: it would be the first record of the removed user.
          ...(isRemoval ? [] : [userTurn]),
          ...answer.activities.map((said) => ({
            direction: 'out' as const,
            activity: botRecording.activity(said),
          })),
        ]);
        if (answer.trace.touchless) await conversations.markTouchless(conversationId);
        const later = scheduledTurnAfter(readBotSettings(bot.settings), activity, answer);
        if (later) await scheduleTurn(ctx, bot, conversationId, conversation.turnCount + 1, later);
        return { conversationId, activities: answer.activities, trace: answer.trace, state };
      }
      if (attempt === MAX_TURN_ATTEMPTS) throw conflict(CONVERSATION_MESSAGES.busy);
    }
  });
}

const MAX_TURN_ATTEMPTS = 3;

/** The runtime's answer to one activity from the conversation as read; nothing is stored here. */
async function answerTurn(
  ctx: AppContext,
  scope: TenantScope,
  bot: Bot,
  conversation: ConversationRecord,
  origin: ConversationOrigin,
  activity: InboundActivity,
): Promise<{
  activities: OutboundActivity[];
  trace: TurnTrace;
  state: Record<string, unknown>;
  resumeAfterMs?: number;
}> {
  const settings = readBotSettings(bot.settings);
  const messages = systemMessagesIn(settings.systemMessages, conversation.language);
  const noTrace: TurnTrace = emptyTrace();
  if (activity.type === 'text' && activity.text.trim() === '') {
    return {
      activities: [{ type: 'text', text: messages.messageTextEmpty }],
      trace: noTrace,
      state: conversation.state,
    };
  }
  try {
    const result = await runTurn({
      bot: botForTurn(ctx, scope, bot, {
        target: origin.target,
        language: conversation.language,
        channel: origin.channel,
        conversationId: conversation.id,
        isFirstTurn: conversation.turnCount === 0,
      }),
      state: readConversationState(conversation.state),
      activity,
    });
    // The flow stopped on an error (the test chat's details say which): the user is not left without an answer.
    const activities = result.trace.error
      ? [...result.activities, { type: 'text' as const, text: messages.unexpectedErrorMessage }]
      : result.activities;
    return {
      activities,
      trace: result.trace,
      state: result.state as unknown as Record<string, unknown>,
      ...(result.resumeAfterMs === undefined ? {} : { resumeAfterMs: result.resumeAfterMs }),
    };
  } catch (error) {
    // A failure of ours (not of the flow): the user hears the bot's error message, the log keeps why.
    ctx.log.error({ err: error, bot: bot.id, conversationId: conversation.id }, 'a conversation turn failed');
    return {
      activities: [{ type: 'text', text: messages.unexpectedErrorMessage }],
      trace: { ...noTrace, error: messages.unexpectedErrorMessage },
      state: conversation.state,
    };
  }
}
