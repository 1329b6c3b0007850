import type { InboundActivity } from '../activities';
import type { TurnPlace, TurnRun } from './turn-run';

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
