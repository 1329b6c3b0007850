import { numberOf, textOf } from '@parley/flows';
import { evaluateEquation, formatResult, MathError } from '../math-expression';
import type { BlockRunner } from './block-runner';

/** Sets the block's output variable to the value (its [variables] filled in), or clears it. */
export const setVariable: BlockRunner<'setVariable'> = (values, turn) => {
  turn.output(0, values.resetValue ? undefined : turn.fill(values.variableValue));
  return {};
};

/** Sets (or clears) one property of an object variable, making the object when it is not one yet. */
export const setObject: BlockRunner<'setObject'> = (values, turn) => {
  const name = (values.object ?? '').trim();
  const property = (values.objectProperty ?? '').trim();
  if (name === '' || property === '')
    return { error: 'The Set Object block needs an object and a property.' };
  const current = turn.variables[name];
  const object =
    typeof current === 'object' && current !== null && !Array.isArray(current)
      ? { ...(current as Record<string, unknown>) }
      : {};
  if (values.resetValue) delete object[property];
  else object[property] = turn.fill(values.objectValue);
  turn.set(name, object);
  return {};
};

/** Runs the recognizer on a text (the user's last message by default) and keeps the intent and entities. */
export const triggerRecognizer: BlockRunner<'triggerRecognizer'> = async (values, turn) => {
  const text = turn.fill(values.input).trim() || turn.lastUserText;
  const recognition = await turn.services.recognize(text);
  turn.output(0, recognition.intent ?? '');
  turn.output(
    1,
    recognition.entities.map((entity) => ({ entity: entity.entity, text: entity.text, value: entity.value })),
  );
  return {};
};

/** Counts the passes through this block in the conversation. */
export const passCounter: BlockRunner<'passCounter'> = (_values, turn) => {
  turn.output(0, turn.passes);
  return {};
};

/** Replaces, rule by rule, every occurrence of a text in the variable (literally, never as a regex). */
export const replaceInVariable: BlockRunner<'replaceInVariable'> = (values, turn) => {
  const name = (values.replaceVariable ?? '')
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .trim();
  if (name === '') return { error: 'The Replace in Variable block names no variable.' };
  let text = textOf(turn.variables[name]);
  for (const rule of values.replaceRules ?? []) {
    if (rule.find !== '') text = text.split(rule.find).join(turn.fill(rule.replace));
  }
  turn.set(name, text);
  return {};
};

export const simpleCalculationBlock: BlockRunner<'simpleCalculationBlock'> = (values, turn) => {
  try {
    const result = evaluateEquation(values.equation ?? '', (name) => numberOf(turn.variables[name]));
    turn.output(0, formatResult(result, values.formatingStyle));
    return {};
  } catch (error) {
    if (error instanceof MathError) return { error: `Simple calculation: ${error.message}` };
    throw error;
  }
};
