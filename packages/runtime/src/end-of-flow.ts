import { isSet, variableReferenceName } from '@parley/flows';
import type { OutboundActivity } from './activities';
import type { ConversationState } from './conversation-state';
import type { RuntimeFlow, RuntimeNode } from './runtime-flow';
import { type BotForTurn, TurnError, type TurnTrace } from './turn-types';

/**
 * An end block's one outcome (spec 03 section 3.4): another intent's flow (named, or the intent
 * a variable holds), this flow again, the end, or another bot (an event for the channel).
 */
export async function endOfFlow(
  node: RuntimeNode,
  flow: RuntimeFlow,
  state: ConversationState,
  activities: OutboundActivity[],
  bot: BotForTurn,
  trace: TurnTrace,
): Promise<{ flow: RuntimeFlow; nodeId: string | null } | undefined> {
  const data = node.data;
  // Besides the outcome: forget the entities recognised so far, and count the conversation touchless.
  if (isSet(data.clearEntities)) {
    for (const name of state.entities) delete state.variables[name];
    state.entities = [];
  }
  if (isSet(data.countTouchless)) trace.touchless = true;
  if (isSet(data.endCall)) activities.push({ type: 'event', name: 'endOfConversation' });
  if (isSet(data.redirectToOtherIntent)) {
    const written = typeof data.intentTo === 'string' ? data.intentTo.trim() : '';
    const variable = variableReferenceName(written);
    const intent = variable === null ? written : String(state.variables[variable] ?? '').trim();
    const next = intent === '' ? undefined : await bot.flowOf(intent);
    if (!next?.startId) {
      throw new TurnError(
        intent === ''
          ? `The end block redirects to ${written || 'no intent'}, which holds no intent.`
          : `Intent ${intent} has no active flow.`,
      );
    }
    return { flow: next, nodeId: next.startId };
  }
  if (isSet(data.restartIntent)) return { flow, nodeId: flow.startId };
  if (isSet(data.redirectToBot)) {
    activities.push({ type: 'event', name: 'redirectToBot', value: { bot: data.redirectBotId } });
  }
  return undefined;
}
