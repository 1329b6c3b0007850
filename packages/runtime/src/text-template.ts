import { textOf } from '@parley/flows';

const REFERENCE = /\[([^\][\n]{1,100})\]/g;

/**
 * A block's text with its [variables] filled in. A name the conversation has no value for stays
 * as written, so the designer sees in the test chat which variable was missing.
 */
export function fillVariables(text: string, variables: Readonly<Record<string, unknown>>): string {
  return text.replace(REFERENCE, (whole, name: string) => {
    const key = name.trim();
    return Object.hasOwn(variables, key) && variables[key] !== undefined && variables[key] !== null
      ? textOf(variables[key])
      : whole;
  });
}
