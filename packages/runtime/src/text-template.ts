import { textOf } from '@parley/flows';
import { TurnError } from './turn-types';

const REFERENCE = /\[([^\][\n]{1,100})\]/g;

/**
 * A text the bot would say names a variable the conversation has no value for. It is never said
 * with the placeholder in it: the turn ends (the user hears the bot's unexpected-error message)
 * and the details say which variable was missing where.
 */
export class MissingVariableError extends TurnError {
  constructor(
    readonly variable: string,
    where: string,
  ) {
    super(`${where} refers to [${variable}], which has no value.`);
  }
}

/**
 * A variable's value; undefined when it has none as the Exists condition sees it: never set,
 * null (a function output that found nothing), blank text or an empty list.
 */
function presentValue(variables: Readonly<Record<string, unknown>>, name: string): unknown {
  const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
  if (value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  return Array.isArray(value) && value.length === 0 ? undefined : value;
}

/**
 * A text a person reads (a message, a question, a card, an e-mail) with its [variables] filled
 * in. A name without a value throws `MissingVariableError`, naming `where` the text is.
 */
export function fillVariables(
  text: string,
  variables: Readonly<Record<string, unknown>>,
  where: string,
): string {
  return text.replace(REFERENCE, (_whole, name: string) => {
    const value = presentValue(variables, name.trim());
    if (value === undefined) throw new MissingVariableError(name.trim(), where);
    return textOf(value);
  });
}

/**
 * A value the flow passes on (a function's input, a variable it sets) with its [variables]
 * filled in. A name without a value gives empty text: the function or the condition after it
 * can tell (Exists), a message that names it later is not said, and the placeholder never
 * becomes a value.
 */
export function fillValue(text: string, variables: Readonly<Record<string, unknown>>): string {
  return text.replace(REFERENCE, (_whole, name: string) => textOf(presentValue(variables, name.trim())));
}
