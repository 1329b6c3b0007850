/**
 * How the connector editor draws each decision operation's field (spec 03 section 3.5): a
 * choice with its values and labels, a list of rows, or text. Fields not named here are text.
 */
export type OperatorFieldView =
  | { kind: 'choice'; label: string; options: ReadonlyArray<{ value: string; label: string }> }
  | {
      kind: 'rows';
      label: string;
      columns: readonly string[];
      choices?: Record<string, readonly string[]>;
      /** A column holding a similarity: a number from 20 to 100, 70 in a new row (spec 03 section 5). */
      similarityColumn?: string;
    }
  | { kind: 'text'; label: string }
  | { kind: 'variable'; label: string }
  /** Which channel: one choice sets channelId and channelName together. */
  | { kind: 'channel'; label: string }
  /** Written with another field (channelName with channelId). */
  | { kind: 'hidden' }
  | { kind: 'closedListEntity'; label: string };

const choice = (label: string, ...options: Array<[string, string]>): OperatorFieldView => ({
  kind: 'choice',
  label,
  options: options.map(([value, text]) => ({ value, label: text })),
});

export const OPERATOR_FIELD_VIEWS: Record<string, OperatorFieldView> = {
  equalsCmpType: choice('Compare with', ['raw', 'A value'], ['var', 'A variable'], ['opt', 'An option']),
  equalsValueVar: { kind: 'variable', label: 'Variable' },
  equalsValueRaw: { kind: 'text', label: 'Value' },
  equalsValueOpt: { kind: 'text', label: 'Option' },
  equalsValueOptIndex: { kind: 'text', label: 'Option number' },
  checkExistance: choice('The variable', ['yes', 'exists'], ['no', 'does not exist']),
  mathOperation: choice('Comparison', ['1', 'smaller than'], ['2', 'bigger than'], ['3', 'in range']),
  mathNumber1: { kind: 'text', label: 'Number' },
  mathNumber2: { kind: 'text', label: 'Up to (in range)' },
  'equals-set': { kind: 'rows', label: 'Set', columns: ['type', 'value'], choices: { type: ['raw', 'var'] } },
  contains: { kind: 'text', label: 'Contains' },
  isOfType: choice('Type', ['number', 'number'], ['text', 'text']),
  whichEntity: { kind: 'text', label: 'Entity' },
  exampleOrCanonical: choice('Match', ['example', 'any example'], ['canonical', 'a canonical value']),
  canonicalUtt: { kind: 'text', label: 'Canonical value' },
  isCanonicalEntity: { kind: 'closedListEntity', label: 'Closed-list entity' },
  isCanonical: { kind: 'text', label: 'Canonical form' },
  similarsSet: {
    kind: 'rows',
    label: 'Similar to',
    columns: ['type', 'value', 'similarity'],
    choices: { type: ['raw', 'var'] },
    similarityColumn: 'similarity',
  },
  channelId: { kind: 'channel', label: 'Channel' },
  channelName: { kind: 'hidden' },
  exists: choice('The user', ['null', 'is not present'], ['true', 'exists'], ['false', 'is new']),
  regex: { kind: 'text', label: 'Regular expression' },
  flags: { kind: 'text', label: 'Flags' },
};

export const operatorFieldView = (key: string): OperatorFieldView =>
  OPERATOR_FIELD_VIEWS[key] ?? { kind: 'text', label: key };
