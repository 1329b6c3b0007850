import { FUNCTION_PLACEHOLDER_PATTERN } from '@parley/contracts';

export interface ParameterisedSql {
  text: string;
  values: unknown[];
}

/** How a driver writes its n-th parameter (1-based). */
export type PlaceholderStyle = (position: number) => string;

export const POSTGRES_STYLE: PlaceholderStyle = (n) => `$${n}`;
export const QUESTION_MARK_STYLE: PlaceholderStyle = () => '?';
export const SQL_SERVER_STYLE: PlaceholderStyle = (n) => `@p${n}`;

/**
 * Turns `{{name}}` placeholders into the driver's bound parameters: values never become
 * SQL text. A placeholder written inside quotes, `'{{name}}'`, is one parameter too (the
 * quotes go), since authors often quote text values. Placeholders that are no input stay
 * as written, like everywhere else.
 */
export function parameterise(
  sql: string,
  inputs: Readonly<Record<string, unknown>>,
  style: PlaceholderStyle,
): ParameterisedSql {
  const values: unknown[] = [];
  const quotedOrBare = new RegExp(
    `'${FUNCTION_PLACEHOLDER_PATTERN.source}'|${FUNCTION_PLACEHOLDER_PATTERN.source}`,
    'g',
  );
  const text = sql.replace(quotedOrBare, (whole, quotedName?: string, bareName?: string) => {
    const name = quotedName ?? bareName ?? '';
    if (!Object.hasOwn(inputs, name)) return whole;
    values.push(bindable(inputs[name]));
    return style(values.length);
  });
  return { text, values };
}

/** Objects and lists are bound as JSON text, null and undefined as NULL. */
function bindable(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}
