import { type BlockData, type BlockKind, isSet, variableReferenceName } from '@parley/flows';
import { type InboundActivity, type OutboundActivity, textOfActivity } from './activities';
import type { ConversationState } from './conversation-state';
import { conditionHolds, type DecisionContext, decide } from './decide';
import { runnerOf } from './runners';
import type { BlockStep, BlockTurn } from './runners/block-runner';
import type { RuntimeFlow, RuntimeNode } from './runtime-flow';
import type { Recognition, RuntimeServices } from './runtime-services';
import { fillVariables } from './text-template';

/** What a turn needs of the bot: its thresholds and messages, its flows and its services. */
export interface BotForTurn {
  /** Above `confidence` the intent's flow starts; between the two thresholds and below, the messages say so. */
  confidence: number;
  lowConfidence: number;
  messageBetweenThreshold: string;
  messageBelowThreshold: string;
  /** The active flow of an intent (the test version for test chats); undefined when it has none. */
  flowOf(intent: string): Promise<RuntimeFlow | undefined>;
  /** The answer text of an intent (a FAQ intent's answer), said when the intent has no active flow. */
  answerOf?(intent: string): Promise<string | undefined>;
  services: RuntimeServices;
  decision: Omit<DecisionContext, 'variables'>;
}

export interface TurnLimits {
  /** Blocks one turn may step through: a flow that loops forever ends the turn, not the process. */
  maxSteps: number;
  /** Milliseconds one turn may take (a slow recognizer or function included). */
  maxMillis: number;
  /** Bytes of JSON one variable may hold. */
  maxVariableBytes: number;
}

export const DEFAULT_TURN_LIMITS: TurnLimits = {
  maxSteps: 500,
  maxMillis: 10_000,
  maxVariableBytes: 64 * 1024,
};

export interface BlockHit {
  flow: string;
  blockId: string;
}

/** What the test chat's details and the conversation log show of a turn. */
export interface TurnTrace {
  recognition: Recognition | null;
  /** The flow this turn started, when it started one. */
  flowTriggered: string | null;
  blockHits: BlockHit[];
  /** Why the turn ended early; the conversation itself goes on. */
  error: string | null;
}

export interface TurnResult {
  activities: OutboundActivity[];
  state: ConversationState;
  trace: TurnTrace;
}

export interface TurnInput {
  bot: BotForTurn;
  state: ConversationState;
  activity: InboundActivity;
  limits?: Partial<TurnLimits>;
  random?: () => number;
  now?: () => number;
}

class TurnError extends Error {}

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
  const trace: TurnTrace = { recognition: null, flowTriggered: null, blockHits: [], error: null };
  const userText = textOfActivity(input.activity);

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

  // Where the turn goes on: the waiting block with the answer, or the start of a recognised intent's flow.
  let flow: RuntimeFlow | undefined;
  let nodeId: string | null = null;
  let answer: InboundActivity | undefined;
  let waitingMemo: unknown;
  let retries = 0;
  if (state.waiting) {
    flow = await bot.flowOf(state.waiting.flow);
    if (flow?.nodes.has(state.waiting.blockId)) {
      nodeId = state.waiting.blockId;
      answer = input.activity;
      waitingMemo = state.waiting.memo;
      retries = state.waiting.retries;
    }
    state.waiting = null;
  }
  try {
    if (nodeId === null) {
      const recognition = await bot.services.recognize(userText);
      trace.recognition = recognition;
      for (const entity of recognition.entities) setVariable(entity.entity, entity.value ?? entity.text);
      if (recognition.intent === null || recognition.score < bot.lowConfidence) {
        activities.push({ type: 'text', text: fillVariables(bot.messageBelowThreshold, state.variables) });
        return { activities, state, trace };
      }
      if (recognition.score < bot.confidence) {
        activities.push({ type: 'text', text: fillVariables(bot.messageBetweenThreshold, state.variables) });
        return { activities, state, trace };
      }
      flow = await bot.flowOf(recognition.intent);
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
      trace.blockHits.push({ flow: flow.name, blockId: node.id });
      const passKey = `${flow.name}/${node.id}`;
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
        const next = await endOfFlow(node, flow, state, activities, bot);
        if (next && next.flow !== flow) trace.flowTriggered = next.flow.name;
        flow = next?.flow;
        nodeId = next?.nodeId ?? null;
        continue;
      }

      const wasAnswered = answer !== undefined;
      const step = await runTask(node, {
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
        unset: (name) => setVariable(name, undefined),
        holds: (check) => conditionHolds(check, { ...bot.decision, variables: state.variables }),
        random,
        services: bot.services,
      });
      answer = undefined;
      waitingMemo = undefined;
      activities.push(...(step.say ?? []));
      if (step.error) throw new TurnError(step.error);
      if (step.wait) {
        // Waiting again right after an answer: the block refused it and asked again.
        state.waiting = {
          flow: flow.name,
          blockId: node.id,
          retries: wasAnswered ? retries + 1 : 0,
          ...(step.memo === undefined ? {} : { memo: step.memo }),
        };
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
        const next = await bot.flowOf(step.goTo.intent);
        if (!next?.startId) throw new TurnError(`Intent ${step.goTo.intent} has no active flow.`);
        trace.flowTriggered = next.name;
        flow = next;
        nodeId = next.startId;
        continue;
      }
      // An exit without its own connector follows the plain one: options drawn with a single
      // arrow all go on to the same block.
      const exit = step.exit ?? 'next';
      const leaving =
        node.outgoing.find((connector) => connector.exit === exit) ??
        node.outgoing.find((connector) => connector.exit === 'next');
      nodeId = leaving?.target ?? null;
    }
  } catch (error) {
    if (!(error instanceof TurnError)) throw error;
    trace.error = error.message;
    state.waiting = null;
  }
  return { activities, state, trace };
}

/** The name of a task's n-th output variable: as the block's data names it, else the kind's default. */
function outputName(node: RuntimeNode, index: number): string | undefined {
  const named = node.data['fc-output'];
  const fromData = Array.isArray(named) && typeof named[index] === 'string' ? named[index].trim() : '';
  return fromData !== '' ? fromData : node.kind?.outputs[index];
}

async function runTask(node: RuntimeNode, turn: BlockTurn): Promise<BlockStep> {
  const runner = node.fc === null ? undefined : runnerOf(node.fc);
  if (!node.kind || !runner) {
    return {
      error: `Block ${node.name || node.id} (${node.fc ?? 'no kind'}) cannot run in this version of Parley.`,
    };
  }
  return runner(node.kind.read({ ...defaultsOf(node.kind), ...node.data }), turn);
}

const defaults = new WeakMap<BlockKind, BlockData>();

/** The declared defaults of a kind's fields (the unexpected answer's question, the rating labels...). */
function defaultsOf(kind: BlockKind): BlockData {
  let known = defaults.get(kind);
  if (!known) {
    known = Object.fromEntries(
      kind.fields.filter((field) => field.default !== undefined).map((field) => [field.key, field.default]),
    );
    defaults.set(kind, known);
  }
  return known;
}

/**
 * An end block's one outcome (spec 03 section 3.4): another intent's flow (named, or the intent
 * a variable holds), this flow again, the end, or another bot (an event for the channel).
 */
async function endOfFlow(
  node: RuntimeNode,
  flow: RuntimeFlow,
  state: ConversationState,
  activities: OutboundActivity[],
  bot: BotForTurn,
): Promise<{ flow: RuntimeFlow; nodeId: string | null } | undefined> {
  const data = node.data;
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
