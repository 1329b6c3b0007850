import { callFunction, type FunctionStep } from '../call-function';
import { conditionHolds, decide } from '../decide';
import { endOfFlow } from '../end-of-flow';
import { understoodIntent } from '../recognition-decision';
import { runnerOf } from '../runners';
import type { BlockStep, BlockTurn } from '../runners/block-runner';
import type { RuntimeFlow, RuntimeNode } from '../runtime-flow';
import type { Recognition } from '../runtime-services';
import { fillValue, fillVariables } from '../text-template';
import { type BotForTurn, TurnError } from '../turn-types';
import type { TurnPlace, TurnRun } from './turn-run';

/** Sub flows within sub flows: deeper than this is taken for a loop. */
const MAX_SUB_FLOW_DEPTH = 20;

/**
 * Steps the blocks from `place` until one waits for the user or the flow ends: gateways decide,
 * end blocks return from sub flows or end the flow, tasks run their kind's runner (custom blocks
 * call their function). A refused answer may be a change of subject (`digression`).
 */
export async function stepFlow(run: TurnRun, place: TurnPlace): Promise<void> {
  const { bot, state, trace, activities, limits } = run;
  let flow: RuntimeFlow | undefined = place.flow;
  let nodeId: string | null = place.nodeId;
  let answer = place.answer;
  let waitingMemo = place.memo;
  let retries = place.retries;
  // The task run before the current one: what a validation block's 'repeat previous block' asks again.
  let previousTaskId: string | null = null;
  // This turn's typed answer, taken by its block, until the flow asks anything again.
  let pending: PendingAnswer | undefined;
  for (let steps = 0; flow && nodeId !== null; steps++) {
    if (steps >= limits.maxSteps) {
      throw new TurnError(
        `The flow stepped through ${limits.maxSteps} blocks in one turn: it may loop forever.`,
      );
    }
    if (run.now() - run.startedAt > limits.maxMillis) {
      throw new TurnError(`The turn took longer than ${limits.maxMillis / 1000} s.`);
    }
    const node: RuntimeNode | undefined = flow.nodes.get(nodeId);
    if (!node) break;
    trace.blockHits.push({ flow: flow.name, owner: flow.owner, version: flow.version, blockId: node.id });
    const passKey = `${flow.key}/${node.id}`;
    if (!answer) state.passes[passKey] = (state.passes[passKey] ?? 0) + 1;

    if (node.type === 'start') {
      nodeId = node.outgoing.find((c) => c.exit === 'next')?.target ?? null;
      continue;
    }
    if (node.type === 'gateway') {
      const decision = decide(node, { ...bot.decision, variables: state.variables });
      if ('error' in decision) throw new TurnError(decision.error);
      nodeId = decision.connector.target;
      continue;
    }
    if (node.type === 'end') {
      const caller = flow.owner === 'function' ? state.stack.pop() : undefined;
      if (caller) {
        // A sub flow ended: its caller goes on by its plain exit (the sub flow's variables are the conversation's).
        const callerFlow = await run.flowByKey(caller.flow);
        if (!callerFlow) throw new TurnError(`The flow that called ${flow.name} is no longer active.`);
        flow = callerFlow;
        nodeId = followExit(callerFlow.nodes.get(caller.blockId), 'next');
        previousTaskId = caller.blockId;
        continue;
      }
      const next = await endOfFlow(node, flow, state, activities, bot, trace);
      if (next && next.flow !== flow) trace.flowTriggered = next.flow.name;
      flow = next?.flow;
      nodeId = next?.nodeId ?? null;
      continue;
    }

    const wasAnswered = answer !== undefined;
    if (answer?.type === 'text') pending = pendingAnswer(run);
    const where = `Block ${node.name || node.id}`;
    const turn: BlockTurn = {
      answer,
      retries,
      memo: waitingMemo,
      passes: state.passes[passKey] ?? 1,
      lastUserText: run.userText,
      variables: state.variables,
      fill: (text) => fillVariables(text ?? '', state.variables, where),
      fillValue: (text) => fillValue(text ?? '', state.variables),
      output: (index, value) => {
        const name = outputName(node, index);
        if (name) run.setVariable(name, value);
      },
      set: run.setVariable,
      setEntity: run.setEntity,
      useRecognisedOutput: (index) => {
        const name = outputName(node, index);
        // An end block's 'clear entities' may have emptied it since.
        return name !== undefined && run.recognisedThisTurn.delete(name) && state.variables[name] != null;
      },
      unset: (name) => run.setVariable(name, undefined),
      count: (variable, value) => trace.counted.push({ variable, value }),
      holds: (check) => conditionHolds(check, { ...bot.decision, variables: state.variables }),
      random: run.random,
      services: bot.services,
      understoodIntent: async (text) => {
        const recognition = await bot.services.recognize(text);
        const intent = understoodIntent(recognition, bot);
        if (intent !== null) {
          trace.recognition = recognition;
          for (const entity of recognition.entities)
            run.setEntity(entity.entity, entity.value ?? entity.text);
        }
        return intent;
      },
      isExitDrawn: (exit) => node.outgoing.some((connector) => connector.exit === exit),
    };
    const step: FunctionStep =
      node.category === 'custom'
        ? await callFunction(node, turn, bot.functionOf, limits.maxMillis - (run.now() - run.startedAt))
        : await runTask(node, turn);
    answer = undefined;
    waitingMemo = undefined;
    if (step.refused && pending) pending.refused = true;
    // The flow asks again: the block refused the answer, or a check after it did. The user may
    // have changed the subject.
    const asksAgain = step.wait && step.resumeAfterMs === undefined && !step.talking;
    const refusal = asksAgain && pending && (wasAnswered || pending.refused) ? pending : undefined;
    if (refusal) {
      pending = undefined;
      const turnAway = await digression(bot, flow, refusal.text);
      if (turnAway) {
        // What was said and set since the refused answer does not stand.
        activities.length = refusal.said;
        restore(state, refusal);
        trace.recognition = turnAway.recognition;
        for (const entity of turnAway.recognition.entities)
          run.setEntity(entity.entity, entity.value ?? entity.text);
        if ('flow' in turnAway) {
          state.stack = [];
          trace.flowTriggered = turnAway.flow.name;
          flow = turnAway.flow;
          nodeId = turnAway.flow.startId;
          previousTaskId = null;
          retries = 0;
          continue;
        }
        activities.push({
          type: 'text',
          text: fillVariables(turnAway.answer, state.variables, `The answer of intent ${turnAway.intent}`),
        });
      }
    }
    activities.push(...(step.say ?? []));
    if (step.error) throw new TurnError(step.error, step.failedCall);
    if (step.enter) {
      // A sub flow starts; when it ends, this block goes on (the frame says where).
      if (state.stack.length >= MAX_SUB_FLOW_DEPTH) {
        throw new TurnError(`Sub flows call each other more than ${MAX_SUB_FLOW_DEPTH} deep.`);
      }
      state.stack.push({ flow: flow.key, blockId: node.id });
      flow = step.enter;
      nodeId = step.enter.startId;
      previousTaskId = null;
      continue;
    }
    if (step.wait) {
      // Waiting again right after an answer: the block refused it and asked again.
      state.waiting = {
        flow: flow.key,
        blockId: node.id,
        retries: wasAnswered ? retries + 1 : 0,
        ...(step.memo === undefined ? {} : { memo: step.memo }),
      };
      run.resumeAfterMs = step.resumeAfterMs;
      run.inactivityAfterMs = step.inactivityAfterMs;
      break;
    }
    retries = 0;
    if (step.goTo === 'previous') {
      if (previousTaskId === null)
        throw new TurnError(`Block ${node.name || node.id} has no block before it to repeat.`);
      nodeId = previousTaskId;
      previousTaskId = null;
      continue;
    }
    previousTaskId = node.id;
    if (step.goTo === 'restart') {
      nodeId = flow.startId;
      continue;
    }
    if (step.goTo) {
      state.stack = [];
      const next = await bot.flowOf(step.goTo.intent);
      if (!next?.startId) throw new TurnError(`Intent ${step.goTo.intent} has no active flow.`);
      trace.flowTriggered = next.name;
      flow = next;
      nodeId = next.startId;
      continue;
    }
    // An exit without its own connector follows the plain one: options drawn with a single
    // arrow all go on to the same block.
    nodeId = followExit(node, step.exit ?? 'next');
  }
}

/** A typed answer a block took, with what the conversation said and held before it. */
interface PendingAnswer {
  text: string;
  /** Activities said before the answer was taken. */
  said: number;
  variables: Record<string, unknown>;
  entities: string[];
  /** A check after the block failed on it (a validation block). */
  refused: boolean;
}

function pendingAnswer(run: TurnRun): PendingAnswer {
  return {
    text: run.userText,
    said: run.activities.length,
    // Runners replace values, never change them in place: a shallow copy keeps them.
    variables: { ...run.state.variables },
    entities: [...run.state.entities],
    refused: false,
  };
}

/** The variables and entities as they were before a refused answer. */
function restore(state: TurnRun['state'], before: PendingAnswer): void {
  for (const name of Object.keys(state.variables)) {
    if (!Object.hasOwn(before.variables, name)) delete state.variables[name];
  }
  Object.assign(state.variables, before.variables);
  state.entities = [...before.entities];
}

/**
 * Another intent the refused answer clearly asks for (at or above the high threshold): its flow
 * takes over, or a FAQ intent's answer is said before the block asks again. Repeating the intent
 * of the flow under way is no digression.
 */
async function digression(
  bot: BotForTurn,
  current: RuntimeFlow,
  text: string,
): Promise<
  (({ flow: RuntimeFlow } | { answer: string; intent: string }) & { recognition: Recognition }) | undefined
> {
  const recognition = await bot.services.recognize(text);
  const intent = understoodIntent(recognition, bot);
  if (intent === null) return undefined;
  if (current.owner === 'intent' && current.name === intent) return undefined;
  const flow = await bot.flowOf(intent);
  if (flow?.startId) return { flow, recognition };
  const answer = (await bot.answerOf?.(intent))?.trim();
  return answer ? { answer, intent, recognition } : undefined;
}

/**
 * The block after a task by one of its exits. An exit without its own connector follows the
 * plain one: options drawn with a single arrow all go on to the same block.
 */
function followExit(node: RuntimeNode | undefined, exit: string): string | null {
  const leaving =
    node?.outgoing.find((connector) => connector.exit === exit) ??
    node?.outgoing.find((connector) => connector.exit === 'next');
  return leaving?.target ?? null;
}

/** The name of a task's n-th output variable: as the block's data names it, else the kind's default. */
function outputName(node: RuntimeNode, index: number): string | undefined {
  const named = node.data['fc-output'];
  const fromData = Array.isArray(named) && typeof named[index] === 'string' ? named[index].trim() : '';
  return fromData !== '' ? fromData : node.kind?.outputs[index];
}

async function runTask(node: RuntimeNode, turn: BlockTurn): Promise<BlockStep> {
  const runner = node.kind ? runnerOf(node.kind.fc) : undefined;
  if (!node.kind || !runner) {
    return {
      error: `Block ${node.name || node.id} (${node.fc ?? 'no kind'}) cannot run in this version of Parley.`,
    };
  }
  return runner(node.values ?? {}, turn);
}
