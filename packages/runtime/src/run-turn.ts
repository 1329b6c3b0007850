import { IDLE_ACTIVITY, RESUME_ACTIVITY, subFlowTestActivity } from '@parley/contracts';
import { type InboundActivity, type OutboundActivity, textOfActivity } from './activities';
import { callFunction, type FunctionStep } from './call-function';
import type { ConversationState } from './conversation-state';
import { conditionHolds, decide } from './decide';
import { endOfFlow } from './end-of-flow';
import { recognitionDecision, understoodIntent } from './recognition-decision';
import { runnerOf } from './runners';
import type { BlockStep, BlockTurn } from './runners/block-runner';
import { flowOfKey, type RuntimeFlow, type RuntimeNode } from './runtime-flow';
import type { Recognition } from './runtime-services';
import { fillVariables } from './text-template';
import {
  type BotForTurn,
  DEFAULT_TURN_LIMITS,
  emptyTrace,
  TurnError,
  type TurnInput,
  type TurnResult,
  type TurnTrace,
} from './turn-types';

export * from './turn-types';

/**
 * One turn of a conversation: the user's activity in, the bot's activities out. A block that
 * waits for input gets the answer; otherwise the recognizer picks the intent whose flow starts.
 * Blocks are stepped until one waits for the user or the flow ends.
 */
export async function runTurn(input: TurnInput): Promise<TurnResult> {
  const { bot } = input;
  const limits = { ...DEFAULT_TURN_LIMITS, ...input.limits };
  const now = input.now ?? (() => performance.now());
  const random = input.random ?? Math.random;
  const startedAt = now();
  const state: ConversationState = structuredClone(input.state);
  const activities: OutboundActivity[] = [];
  const trace: TurnTrace = emptyTrace();
  const userText = textOfActivity(input.activity);
  // The bot's variables start with their values; what the conversation set since wins.
  for (const [name, value] of Object.entries((await bot.startingVariables?.()) ?? {})) {
    if (!Object.hasOwn(state.variables, name)) state.variables[name] = value;
  }
  if (isIdle(input.activity)) {
    // Silence is no answer: the waiting block keeps waiting, reminded once by the idle text.
    const idleText = bot.idleText?.trim() ?? '';
    if (state.waiting && idleText !== '')
      activities.push({ type: 'text', text: fillVariables(idleText, state.variables) });
    return { activities, state, trace };
  }

  const setVariable = (name: string, value: unknown) => {
    if (value === undefined) {
      delete state.variables[name];
      return;
    }
    const size = JSON.stringify(value)?.length ?? 0;
    if (size > limits.maxVariableBytes) {
      throw new TurnError(
        `Variable ${name} would hold ${size} bytes; at most ${limits.maxVariableBytes} fit.`,
      );
    }
    state.variables[name] = value;
  };

  const setEntity = (name: string, value: unknown) => {
    setVariable(name, value);
    if (!state.entities.includes(name)) state.entities.push(name);
  };

  // Where the turn goes on: the waiting block with the answer, or the start of a recognised intent's flow.
  let flow: RuntimeFlow | undefined;
  let nodeId: string | null = null;
  let answer: InboundActivity | undefined;
  let waitingMemo: unknown;
  let retries = 0;
  let resumeAfterMs: number | undefined;
  const flowByKey = async (key: string): Promise<RuntimeFlow | undefined> => {
    const { owner, name } = flowOfKey(key);
    if (owner === 'intent') return bot.flowOf(name);
    const fn = await bot.functionOf?.(name);
    return fn?.type === 'flow' ? fn.flow : undefined;
  };
  if (state.waiting) {
    flow = await flowByKey(state.waiting.flow);
    if (flow?.nodes.has(state.waiting.blockId)) {
      nodeId = state.waiting.blockId;
      answer = input.activity;
      waitingMemo = state.waiting.memo;
      retries = state.waiting.retries;
    }
    state.waiting = null;
    // The flow it waited in is gone (deactivated): the sub flows it was called from are too.
    if (nodeId === null) state.stack = [];
  }
  try {
    const subFlowToTest = subFlowTested(input.activity);
    if (nodeId === null && subFlowToTest !== undefined) {
      // Test Sub Flow: no recognition, the sub flow runs from its start as the conversation's flow.
      // Its inputs take their default values, as a block that gives none would.
      state.stack = [];
      const tested = await bot.functionOf?.(subFlowToTest);
      if (tested?.type === 'unavailable') throw new TurnError(tested.reason);
      if (tested?.type !== 'flow' || !tested.flow.startId) {
        throw new TurnError(`${subFlowToTest} is not a sub flow with a saved version.`);
      }
      for (const input of tested.inputs)
        setVariable(input.name, fillVariables(input.defaultValue, state.variables));
      flow = tested.flow;
      trace.flowTriggered = flow.name;
      nodeId = flow.startId;
    }
    // A delay's end finds nothing waiting any more (its flow was deactivated): nothing to say.
    if (nodeId === null && isResume(input.activity)) return { activities, state, trace };
    if (nodeId === null) {
      const recognition = await bot.services.recognize(userText);
      trace.recognition = recognition;
      for (const entity of recognition.entities) setEntity(entity.entity, entity.value ?? entity.text);
      const decision = recognitionDecision(recognition, bot);
      if (decision === 'belowThreshold' || recognition.intent === null) {
        activities.push({ type: 'text', text: fillVariables(bot.messageBelowThreshold, state.variables) });
        return { activities, state, trace };
      }
      if (decision === 'betweenThresholds') {
        activities.push({ type: 'text', text: fillVariables(bot.messageBetweenThreshold, state.variables) });
        return { activities, state, trace };
      }
      flow = await bot.flowOf(recognition.intent);
      // A new intent leaves any sub flow the conversation was in.
      state.stack = [];
      if (!flow?.startId) {
        const answer = (await bot.answerOf?.(recognition.intent))?.trim();
        if (!answer) throw new TurnError(`Intent ${recognition.intent} has no active flow.`);
        activities.push({ type: 'text', text: fillVariables(answer, state.variables) });
        return { activities, state, trace };
      }
      trace.flowTriggered = flow.name;
      nodeId = flow.startId;
    }

    // The task run before the current one: what a validation block's 'repeat previous block' asks again.
    let previousTaskId: string | null = null;
    for (let steps = 0; flow && nodeId !== null; steps++) {
      if (steps >= limits.maxSteps) {
        throw new TurnError(
          `The flow stepped through ${limits.maxSteps} blocks in one turn: it may loop forever.`,
        );
      }
      if (now() - startedAt > limits.maxMillis) {
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
          const callerFlow = await flowByKey(caller.flow);
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
      const turn: BlockTurn = {
        answer,
        retries,
        memo: waitingMemo,
        passes: state.passes[passKey] ?? 1,
        lastUserText: userText,
        variables: state.variables,
        fill: (text) => fillVariables(text ?? '', state.variables),
        output: (index, value) => {
          const name = outputName(node, index);
          if (name) setVariable(name, value);
        },
        set: setVariable,
        setEntity,
        unset: (name) => setVariable(name, undefined),
        count: (variable, value) => trace.counted.push({ variable, value }),
        holds: (check) => conditionHolds(check, { ...bot.decision, variables: state.variables }),
        random,
        services: bot.services,
      };
      const step: FunctionStep =
        node.category === 'custom'
          ? await callFunction(node, turn, bot.functionOf)
          : await runTask(node, turn);
      const refusedText = wasAnswered && step.wait && answer?.type === 'text' ? userText : undefined;
      answer = undefined;
      waitingMemo = undefined;
      if (refusedText !== undefined) {
        // The answer is not what the block asked for: the user may have changed the subject.
        const turnAway = await digression(bot, flow, refusedText);
        if (turnAway) {
          trace.recognition = turnAway.recognition;
          for (const entity of turnAway.recognition.entities)
            setEntity(entity.entity, entity.value ?? entity.text);
          if ('flow' in turnAway) {
            state.stack = [];
            trace.flowTriggered = turnAway.flow.name;
            flow = turnAway.flow;
            nodeId = turnAway.flow.startId;
            previousTaskId = null;
            retries = 0;
            continue;
          }
          activities.push({ type: 'text', text: fillVariables(turnAway.answer, state.variables) });
        }
      }
      activities.push(...(step.say ?? []));
      if (step.error) throw new TurnError(step.error);
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
        resumeAfterMs = step.resumeAfterMs;
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
  } catch (error) {
    if (!(error instanceof TurnError)) throw error;
    trace.error = error.message;
    state.waiting = null;
    state.stack = [];
    resumeAfterMs = undefined;
  }
  return { activities, state, trace, ...(resumeAfterMs === undefined ? {} : { resumeAfterMs }) };
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
): Promise<(({ flow: RuntimeFlow } | { answer: string }) & { recognition: Recognition }) | undefined> {
  const recognition = await bot.services.recognize(text);
  const intent = understoodIntent(recognition, bot);
  if (intent === null) return undefined;
  if (current.owner === 'intent' && current.name === intent) return undefined;
  const flow = await bot.flowOf(intent);
  if (flow?.startId) return { flow, recognition };
  const answer = (await bot.answerOf?.(intent))?.trim();
  return answer ? { answer, recognition } : undefined;
}

/** The sub flow a Test Sub Flow start names; undefined for any other activity. */
function subFlowTested(activity: InboundActivity): string | undefined {
  if (activity.type !== 'event' || activity.name !== subFlowTestActivity('').name) return undefined;
  const value = activity.value as { subFlow?: unknown } | undefined;
  return typeof value?.subFlow === 'string' ? value.subFlow : undefined;
}

const isResume = (activity: InboundActivity) =>
  activity.type === 'event' && activity.name === RESUME_ACTIVITY.name;

const isIdle = (activity: InboundActivity) =>
  activity.type === 'event' && activity.name === IDLE_ACTIVITY.name;

/** Sub flows within sub flows: deeper than this is taken for a loop. */
const MAX_SUB_FLOW_DEPTH = 20;

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
