import { RESUME_ACTIVITY } from '@parley/contracts';
import type { BlockFc } from '@parley/flows';
import type { InboundActivity } from '../activities';
import { TurnError } from '../turn-types';
import { stepFlow } from './step-loop';
import type { TurnPlace, TurnRun } from './turn-run';

/** The Delay block's kind: a message of the user ends its wait early. */
const DELAY_FC = 'blockDelay' satisfies BlockFc;

/**
 * The block the conversation waits in takes the user's activity as its answer. Undefined when
 * nothing waits, or when the flow it waited in is gone (deactivated): then the sub flows it was
 * called from are gone too.
 */
export async function resumeWaiting(run: TurnRun, activity: InboundActivity): Promise<TurnPlace | undefined> {
  const { state } = run;
  const waiting = state.waiting;
  if (!waiting) return undefined;
  state.waiting = null;
  const flow = await run.flowByKey(waiting.flow);
  if (flow?.nodes.has(waiting.blockId)) {
    return { flow, nodeId: waiting.blockId, answer: activity, memo: waiting.memo, retries: waiting.retries };
  }
  state.stack = [];
  return undefined;
}

const isDelayWait = (place: TurnPlace) => place.flow.nodes.get(place.nodeId)?.fc === DELAY_FC;

/**
 * The user spoke while a Delay block waited: the wait ends now and the flow goes on, saying what
 * it would have said after it, up to its next stop; then the message is taken there, as if it
 * had come just after the wait: by the question the flow now asks, or by the recognizer once the
 * flow has ended. A message is never swallowed by a wait. Answers where the message is taken
 * (undefined: nothing waits, so the recognizer takes it).
 */
export async function endDelaysEarly(
  run: TurnRun,
  place: TurnPlace,
  activity: InboundActivity,
): Promise<TurnPlace | undefined> {
  let waiting: TurnPlace | undefined = place;
  while (waiting && isDelayWait(waiting)) {
    // Each wait ended is a step of the turn: a flow of delays that loops stops at the step limit.
    if (run.trace.blockHits.length >= run.limits.maxSteps)
      throw new TurnError(
        `The flow stepped through ${run.limits.maxSteps} blocks in one turn: it may loop forever.`,
      );
    await stepFlow(run, { ...waiting, answer: RESUME_ACTIVITY });
    run.resumeAfterMs = undefined;
    waiting = await resumeWaiting(run, activity);
  }
  return waiting;
}
