import { CARD_SUBMIT_EVENT } from '@parley/contracts';
import { FUNCTION_FAILED_EXIT, functionInputKey } from '@parley/flows';
import type { BlockStep, BlockTurn } from './runners/block-runner';
import type { RuntimeFlow, RuntimeNode } from './runtime-flow';
import type { FunctionCallResult, RuntimeFunction, RuntimeFunctionInput } from './runtime-function';

/** A call that times out leaves the turn this long for the blocks after it (its Call failed path). */
const TIME_KEPT_AFTER_A_CALL_MS = 1000;

/** What a custom block did: a runner's step, or a sub flow to step into. */
export type FunctionStep = BlockStep & { enter?: RuntimeFlow };

/**
 * A custom block: it calls the bot's function its fc names. The block's `field-<input>` values
 * (else the inputs' defaults), with [variables] filled in (empty where one has no value), are
 * the inputs. A sub flow is stepped
 * into with its inputs as variables; an adaptive card is shown (and waited for unless it skips
 * input); any other function runs where the server runs functions, its outputs become variables.
 * A call that fails leaves by the block's Call failed exit when one is drawn, else ends the turn.
 */
export async function callFunction(
  node: RuntimeNode,
  turn: BlockTurn,
  functionOf: ((name: string) => Promise<RuntimeFunction | undefined>) | undefined,
  turnTimeLeftMs = Number.POSITIVE_INFINITY,
): Promise<FunctionStep> {
  const name = node.fc?.trim() ?? '';
  const fn = name === '' ? undefined : await functionOf?.(name);
  if (!fn) return { error: `Function ${name || '(none)'} is not available in this bot.` };
  switch (fn.type) {
    case 'unavailable':
      return { error: fn.reason };
    case 'flow': {
      if (!fn.flow.startId) return { error: `Sub flow ${fn.name} has no start block.` };
      for (const [input, value] of Object.entries(inputValues(node, fn.inputs, turn))) turn.set(input, value);
      return { enter: fn.flow };
    }
    case 'adaptiveCard':
      return adaptiveCard(fn, node, turn);
    case 'call': {
      let result: FunctionCallResult | undefined;
      let failure: string | undefined;
      try {
        result = await fn.run(inputValues(node, fn.inputs, turn), turn.variables, {
          timeLeftMs: Math.max(1, turnTimeLeftMs - TIME_KEPT_AFTER_A_CALL_MS),
        });
        failure = result.failure;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      // A call without an answer sets none of its outputs: an earlier call's values must not pass for its own.
      setOutputs(node, fn, turn, result?.outputs ?? {});
      if (failure !== undefined) {
        // Going on by the plain arrow would carry on as if the call had worked.
        return node.outgoing.some((connector) => connector.exit === FUNCTION_FAILED_EXIT.id)
          ? { exit: FUNCTION_FAILED_EXIT.id }
          : { error: `Function ${fn.name} failed: ${failure}`, failedCall: fn.name };
      }
      return result?.event
        ? { say: [{ type: 'event', name: 'functionEvent', value: { function: fn.name, ...result.event } }] }
        : {};
    }
  }
}

/** Each output of the function sets its variable (the block's own name for it wins); a missing one unsets it. */
function setOutputs(
  node: RuntimeNode,
  fn: Extract<RuntimeFunction, { type: 'call' }>,
  turn: BlockTurn,
  outputs: Record<string, unknown>,
) {
  const named = node.data['fc-output'];
  fn.outputs.forEach((variable, index) => {
    const own = Array.isArray(named) ? named[index] : undefined;
    const name = typeof own === 'string' && own.trim() !== '' ? own.trim() : variable;
    if (Object.hasOwn(outputs, variable)) turn.set(name, outputs[variable]);
    else turn.unset(name);
  });
}

function inputValues(
  node: RuntimeNode,
  inputs: readonly RuntimeFunctionInput[],
  turn: BlockTurn,
): Record<string, string> {
  return Object.fromEntries(
    inputs.map((input) => {
      const given = node.data[functionInputKey(input.name)];
      const written = typeof given === 'string' && given.trim() !== '' ? given : input.defaultValue;
      return [input.name, turn.fillValue(written)];
    }),
  );
}

/**
 * Shows the card with its [variables] (and inputs) filled in. Unless it skips input, it waits:
 * a submitted card sets a variable per input id; anything else the user says goes on as well.
 */
function adaptiveCard(
  fn: Extract<RuntimeFunction, { type: 'adaptiveCard' }>,
  node: RuntimeNode,
  turn: BlockTurn,
): FunctionStep {
  if (turn.answer) {
    const { answer } = turn;
    if (answer.type === 'event' && answer.name === CARD_SUBMIT_EVENT && isRecord(answer.value)) {
      for (const [id, value] of Object.entries(answer.value)) turn.set(id, value);
    }
    return {};
  }
  const inputs = inputValues(node, fn.inputs, turn);
  let card: unknown;
  try {
    card = JSON.parse(fn.json);
  } catch {
    return { error: `Adaptive card ${fn.name} is not valid JSON.` };
  }
  if (!isRecord(card)) return { error: `Adaptive card ${fn.name} is not a card object.` };
  // Filled string by string, so a value with quotes in it cannot break the card's JSON.
  const fillText = (text: string) =>
    turn.fill(
      text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (whole, input: string) =>
        Object.hasOwn(inputs, input) ? (inputs[input] ?? '') : whole,
      ),
    );
  return {
    say: [{ type: 'adaptiveCard', card: fillStrings(card, fillText) as Record<string, unknown> }],
    ...(fn.skipUserInput ? {} : { wait: true }),
  };
}

function fillStrings(value: unknown, fill: (text: string) => string): unknown {
  if (typeof value === 'string') return fill(value);
  if (Array.isArray(value)) return value.map((item) => fillStrings(item, fill));
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillStrings(item, fill)]));
  }
  return value;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
