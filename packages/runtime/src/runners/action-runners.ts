import { numberOf, textOf } from '@parley/flows';
import { evaluateEquation, formatResult, MathError } from '../math-expression';
import type { BlockRunner } from './block-runner';

/** Sets the block's output variable to the value (its [variables] filled in), or clears it. */
export const setVariable: BlockRunner<'setVariable'> = (values, turn) => {
  turn.output(0, values.resetValue ? undefined : turn.fillValue(values.variableValue));
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
  else object[property] = turn.fillValue(values.objectValue);
  turn.set(name, object);
  return {};
};

/** Runs the recognizer on a text (the user's last message by default) and keeps the intent and entities. */
export const triggerRecognizer: BlockRunner<'triggerRecognizer'> = async (values, turn) => {
  const text = turn.fillValue(values.input).trim() || turn.lastUserText;
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
    if (rule.find !== '') text = text.split(rule.find).join(turn.fillValue(rule.replace));
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

/** Hands the conversation to a person: an event the channel acts on (the test chat shows it). */
export const handover: BlockRunner<'handover'> = () => ({ say: [{ type: 'event', name: 'handover' }] });

/** Says the redirect message, then asks the phone channel to transfer the call. */
export const redirectCall: BlockRunner<'redirectCall'> = (values, turn) => {
  const phoneNumber = turn.fillValue(values.phoneNumber).trim();
  if (phoneNumber === '') return { error: 'The Redirect Call block has no phone number.' };
  const message = turn.fill(values.redirectMessage).trim();
  return {
    say: [
      ...(message ? [{ type: 'text' as const, text: message }] : []),
      { type: 'event', name: 'redirectCall', value: { phoneNumber } },
    ],
  };
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const sendEmail: BlockRunner<'sendEmail'> = async (values, turn) => {
  const to = turn.fillValue(values.receiver).trim();
  if (!EMAIL.test(to)) return { error: `Send Email: "${to}" is no e-mail address.` };
  await turn.services.sendMail({
    to,
    subject: turn.fill(values.subject).trim() || '(no subject)',
    text: turn.fill(values.text),
  });
  return {};
};

export const sendConversationHistory: BlockRunner<'sendConversationHistory'> = async (values, turn) => {
  const to = turn.fillValue(values.email).trim();
  if (!EMAIL.test(to)) return { error: `Send Conversation History: "${to}" is no e-mail address.` };
  await turn.services.sendMail({
    to,
    subject: 'Conversation history',
    text: await turn.services.conversationHistory(),
  });
  return {};
};

/**
 * Checks a variable with a decision operation. When the check fails, the on-fail action decides:
 * continue by the fail exit, ask the previous block again, say the message and go on by the fail
 * exit, ask for a new value of the variable (checked again), restart the flow or go to another
 * intent's flow. A failed check refuses what the user said: should the flow ask again in this
 * turn, the step loop looks for a change of subject in it.
 */
export const validationBlock: BlockRunner<'validationBlock'> = (values, turn) => {
  const variable = (values.condition ?? '').trim();
  if (turn.answer && variable !== '')
    turn.set(
      variable,
      textOf(turn.answer.type === 'event' ? '' : 'text' in turn.answer ? turn.answer.text : ''),
    );
  const check = {
    variable,
    operation: values.operation,
    connector: (values.connector ?? {}) as Record<string, unknown>,
  };
  if (turn.holds(check)) return {};
  // Filled only where it is said: a message the action does not say cannot fail the turn.
  const say = () => {
    const message = turn.fill(values.message).trim();
    return message ? [{ type: 'text' as const, text: message }] : [];
  };
  switch (values.onFailAction ?? 'continue') {
    case 'repeat-previous-block':
      return { say: say(), goTo: 'previous', refused: true };
    case 'input-variable':
      return { say: say(), wait: true, refused: true };
    case 'restart-flow':
      return { say: say(), goTo: 'restart', refused: true };
    case 'redirect-flow': {
      const intent = turn.fillValue(values.newFlow).trim();
      return intent
        ? { say: say(), goTo: { intent }, refused: true }
        : { error: 'The Validation block names no flow to redirect to.' };
    }
    case 'send-message':
      return { say: say(), exit: 'fail', refused: true };
    default:
      // continue: quietly on by the fail exit.
      return { exit: 'fail', refused: true };
  }
};
