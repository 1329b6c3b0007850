import { IDLE_ACTIVITY, INACTIVITY_ACTIVITY, RESUME_ACTIVITY } from '@parley/contracts';
import { type InboundActivity, textOfActivity } from './activities';
import type { ConversationState } from './conversation-state';
import { fillVariables } from './text-template';
import { startOfTurn } from './turn/recognise';
import { endDelaysEarly, resumeWaiting } from './turn/resume';
import { stepFlow } from './turn/step-loop';
import { startRun } from './turn/turn-run';
import { DEFAULT_TURN_LIMITS, emptyTrace, TurnError, type TurnInput, type TurnResult } from './turn-types';

export * from './turn-types';

/**
 * One turn of a conversation: the user's activity in, the bot's activities out. A block that
 * waits for input gets the answer (`turn/resume.ts`); otherwise the recognizer picks the intent
 * whose flow starts (`turn/recognise.ts`). Blocks are stepped until one waits for the user or the
 * flow ends (`turn/step-loop.ts`).
 */
export async function runTurn(input: TurnInput): Promise<TurnResult> {
  const { bot } = input;
  const state: ConversationState = structuredClone(input.state);
  // Chit-chats in a row: a message of the user ends the row unless it is chit-chat again.
  const chitChatsBefore = state.chitChatsInARow ?? 0;
  if (!isOwnTimer(input.activity)) delete state.chitChatsInARow;
  const run = startRun(bot, state, {
    chitChatsBefore,
    limits: { ...DEFAULT_TURN_LIMITS, ...input.limits },
    userText: textOfActivity(input.activity),
    now: input.now ?? (() => performance.now()),
    random: input.random ?? Math.random,
    trace: emptyTrace(),
  });
  const result = (): TurnResult => ({
    activities: run.activities,
    state,
    trace: run.trace,
    ...(run.resumeAfterMs === undefined ? {} : { resumeAfterMs: run.resumeAfterMs }),
    ...(run.inactivityAfterMs === undefined ? {} : { inactivityAfterMs: run.inactivityAfterMs }),
  });
  // The bot's variables start with their values; what the conversation set since wins.
  for (const [name, value] of Object.entries((await bot.startingVariables?.()) ?? {})) {
    if (!Object.hasOwn(state.variables, name)) state.variables[name] = value;
  }
  if (isIdle(input.activity)) {
    // Silence is no answer: the waiting block keeps waiting, reminded once by the idle text.
    const idleText = bot.idleText?.trim() ?? '';
    try {
      if (state.waiting && idleText !== '')
        run.activities.push({
          type: 'text',
          text: fillVariables(idleText, state.variables, 'The idle text'),
        });
    } catch (error) {
      // Not said with a placeholder in it; the block goes on waiting all the same.
      if (!(error instanceof TurnError)) throw error;
      run.trace.error = error.message;
    }
    return result();
  }
  const waited = await resumeWaiting(run, input.activity);
  try {
    // A timer finds nothing waiting any more (its flow was deactivated): nothing to say.
    if (!waited && isOwnTimer(input.activity)) return result();
    // The user's message during a Delay ends the wait, then is answered where the flow stops next.
    const taken =
      waited && !isOwnTimer(input.activity) ? await endDelaysEarly(run, waited, input.activity) : waited;
    const place = taken ?? (await startOfTurn(run, input.activity));
    if (place) await stepFlow(run, place);
  } catch (error) {
    if (!(error instanceof TurnError)) throw error;
    run.trace.error = error.message;
    run.trace.failedCall = error.failedCall;
    state.waiting = null;
    state.stack = [];
    run.resumeAfterMs = undefined;
    run.inactivityAfterMs = undefined;
  }
  return result();
}

const isResume = (activity: InboundActivity) =>
  activity.type === 'event' && activity.name === RESUME_ACTIVITY.name;

/** A turn the bot takes on its own when a wait is over (a Delay's end, an LLM block's inactivity). */
const isOwnTimer = (activity: InboundActivity) =>
  isResume(activity) || (activity.type === 'event' && activity.name === INACTIVITY_ACTIVITY.name);

const isIdle = (activity: InboundActivity) =>
  activity.type === 'event' && activity.name === IDLE_ACTIVITY.name;
