import { subFlowTestActivity } from '@parley/contracts';
import type { InboundActivity } from '../activities';
import { recognitionDecision } from '../recognition-decision';
import { saidOf } from '../runners/llm-runner';
import { fillValue, fillVariables } from '../text-template';
import { TurnError } from '../turn-types';
import type { TurnPlace, TurnRun } from './turn-run';

/**
 * Where a turn that answers no waiting block starts: Test Sub Flow's sub flow, or the flow of the
 * intent the recognizer finds. Undefined when the turn is answered here (below or between the
 * thresholds, a FAQ intent's answer).
 */
export async function startOfTurn(run: TurnRun, activity: InboundActivity): Promise<TurnPlace | undefined> {
  const { bot, state, trace } = run;
  const subFlowToTest = subFlowTested(activity);
  if (subFlowToTest !== undefined) {
    // Test Sub Flow: no recognition, the sub flow runs from its start as the conversation's flow.
    // Its inputs take their default values, as a block that gives none would.
    state.stack = [];
    const tested = await bot.functionOf?.(subFlowToTest);
    if (tested?.type === 'unavailable') throw new TurnError(tested.reason);
    if (tested?.type !== 'flow' || !tested.flow.startId) {
      throw new TurnError(`${subFlowToTest} is not a sub flow with a saved version.`);
    }
    for (const input of tested.inputs)
      run.setVariable(input.name, fillValue(input.defaultValue, state.variables));
    trace.flowTriggered = tested.flow.name;
    return { flow: tested.flow, nodeId: tested.flow.startId, retries: 0 };
  }
  const recognition = await bot.services.recognize(run.userText);
  trace.recognition = recognition;
  for (const entity of recognition.entities) run.setEntity(entity.entity, entity.value ?? entity.text);
  const decision = recognitionDecision(recognition, bot);
  if (decision === 'belowThreshold' || recognition.intent === null) {
    if (await answeredByChitChat(run)) return undefined;
    run.activities.push({
      type: 'text',
      text: fillVariables(bot.messageBelowThreshold, state.variables, 'The below-threshold message'),
    });
    return undefined;
  }
  if (decision === 'betweenThresholds') {
    run.activities.push({
      type: 'text',
      text: fillVariables(bot.messageBetweenThreshold, state.variables, 'The between-threshold message'),
    });
    return undefined;
  }
  const flow = await bot.flowOf(recognition.intent);
  // A new intent leaves any sub flow the conversation was in.
  state.stack = [];
  if (!flow?.startId) {
    const answer = (await bot.answerOf?.(recognition.intent))?.trim();
    if (!answer) throw new TurnError(`Intent ${recognition.intent} has no active flow.`);
    run.activities.push({
      type: 'text',
      text: fillVariables(answer, state.variables, `The answer of intent ${recognition.intent}`),
    });
    return undefined;
  }
  trace.flowTriggered = flow.name;
  return { flow, nodeId: flow.startId, retries: 0 };
}

/** The sub flow a Test Sub Flow start names; undefined for any other activity. */
function subFlowTested(activity: InboundActivity): string | undefined {
  if (activity.type !== 'event' || activity.name !== subFlowTestActivity('').name) return undefined;
  const value = activity.value as { subFlow?: unknown } | undefined;
  return typeof value?.subFlow === 'string' ? value.subFlow : undefined;
}

/**
 * Chit-chat (spec 04 section 3.1): the bot's chit-chat LLM answers a message below the low
 * threshold, `limit` times in a row at most; the next one gets the below-threshold message, and
 * the row starts again. A provider that fails leaves the below-threshold message to be said, with
 * the failure in the turn's details.
 */
async function answeredByChitChat(run: TurnRun): Promise<boolean> {
  const { bot, state, trace } = run;
  const chitChat = bot.chitChat;
  const talk = bot.services.llm;
  if (!chitChat || !talk || run.userText.trim() === '' || run.chitChatsBefore >= chitChat.limit) return false;
  try {
    const reply = await talk.answer({ llmId: chitChat.llmId, message: run.userText.trim(), history: [] });
    run.activities.push(...saidOf(reply));
    state.chitChatsInARow = run.chitChatsBefore + 1;
    return true;
  } catch (error) {
    trace.warnings.push(
      `Chit-chat failed, so the below-threshold message was said: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
}
