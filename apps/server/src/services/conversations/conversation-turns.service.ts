import {
  conflict,
  conversationLanguage,
  type FlowTargetName,
  notFound,
  readBotSettings,
} from '@parley/contracts';
import type { Bot, ConversationRecord, NewTurn, TenantScope } from '@parley/db';
import { emptyTrace, type InboundActivity, type OutboundActivity, type TurnTrace } from '@parley/runtime';
import type { AppContext } from '../../context';
import { gdprSettingsOf } from '../features/feature-settings.service';
import { turnRecording } from '../gdpr/turn-privacy';
import { oneAtATime } from './conversation-lock';
import { admitTurn } from './turn-admission';
import type { Turn, TurnOutcome } from './turn-steps/turn';
import { TURN_STEPS } from './turn-steps/turn-steps';

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
  /** The seq of the user's message in the conversation's log (unless it was not logged). */
  userSeq?: number;
}

/**
 * Where the turn takes place, or how to tell from the conversation as the turn read it (its
 * channel), throwing to refuse it (another channel's conversation, an expired one): a turn reads
 * its conversation once, so callers check it here rather than reading it first.
 */
export type TurnOrigin = ConversationOrigin | ((conversation: ConversationRecord) => ConversationOrigin);

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
  origin: TurnOrigin,
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
  turnOrigin: TurnOrigin,
  activity: InboundActivity,
  condition: TurnCondition | undefined,
): Promise<TurnAnswer | undefined> {
  const conversations = scope.conversations(bot.id);
  // The log says when the message came in and when the answer was ready (spec 01 'Conversation
  // log': the milliseconds between them), not when the turn was stored.
  const receivedAt = new Date().toISOString();
  // Many turns at once take turns with the rest of the server, a batch per turn of the event loop.
  const leave = await admitTurn();
  try {
    return await oneAtATime(conversationId, async () => {
      // Turns of one conversation on one process wait for each other here; a turn another process
      // stored meanwhile makes this one run again on the state it left.
      for (let attempt = 1; ; attempt++) {
        const conversation = await conversations.get(conversationId);
        if (!conversation) throw notFound(CONVERSATION_MESSAGES.notFound(conversationId));
        const origin = typeof turnOrigin === 'function' ? turnOrigin(conversation) : turnOrigin;
        if (condition && conversation.turnCount !== condition.atTurn) return undefined;
        const turn: Turn = {
          ctx,
          scope,
          bot,
          conversation,
          origin,
          activity,
          gdpr: gdprSettingsOf(bot),
          outcome: undefined,
          log: { isUserTurnLogged: true, isUserRecorded: true, isAnswerRecorded: true },
          sentiment: null,
          afterStored: [],
        };
        for (const step of TURN_STEPS) {
          const taken = await step.run(turn);
          if (taken) return taken.takenBy;
        }
        const answeredAt = new Date().toISOString();
        const outcome = turn.outcome ?? { activities: [], trace: emptyTrace(), state: conversation.state };
        const state = turnRecording(turn.gdpr, true).state(outcome.state);
        const stored = await conversations.storeTurn(conversationId, conversation.turnCount, {
          state,
          isTouchless: outcome.trace.touchless ?? false,
          log: turnLog(turn, outcome, { receivedAt, answeredAt }),
        });
        if (stored) {
          const answer: TurnAnswer = {
            conversationId,
            activities: outcome.activities,
            trace: outcome.trace,
            state,
            ...(turn.log.isUserTurnLogged ? { userSeq: stored.seqs[0] } : {}),
          };
          for (const work of turn.afterStored) await work(answer);
          return answer;
        }
        if (attempt === MAX_TURN_ATTEMPTS) throw conflict(CONVERSATION_MESSAGES.busy);
      }
    });
  } finally {
    leave();
  }
}

const MAX_TURN_ATTEMPTS = 3;

/** The turn's rows of the log: the user's message (unless it is not logged) and the bot's answers, masked as GDPR says. */
function turnLog(
  turn: Turn,
  outcome: TurnOutcome,
  times: { receivedAt: string; answeredAt: string },
): NewTurn[] {
  const user = turnRecording(turn.gdpr, turn.log.isUserRecorded);
  const answer = turnRecording(turn.gdpr, turn.log.isAnswerRecorded);
  const { trace } = outcome;
  const userTurn: NewTurn = {
    direction: 'in',
    at: times.receivedAt,
    activity: user.activity(turn.activity),
    intent: trace.recognition?.intent ?? null,
    confidence: trace.recognition ? trace.recognition.score : null,
    flow: trace.flowTriggered,
    hits: trace.blockHits.length > 0 ? trace.blockHits : null,
    counted: trace.counted.length > 0 ? trace.counted : null,
    sentiment: turn.sentiment,
  };
  return [
    ...(turn.log.isUserTurnLogged ? [userTurn] : []),
    ...outcome.activities.map((said) => ({
      direction: 'out' as const,
      at: times.answeredAt,
      activity: answer.activity(said),
    })),
  ];
}
