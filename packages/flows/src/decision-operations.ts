import { isBlank, isSet, listInWords } from './block-fields';
import {
  type DecisionSubject,
  isEqualText,
  numberOf,
  operand,
  setEntries,
  similarityPercent,
  textOf,
} from './decision-subject';
import type { BlockData } from './flow-document';
import type { FlowValidationContext } from './flow-validation-types';
import { variableReferenceName } from './variables';

export type { DecisionSubject } from './decision-subject';

/**
 * The decision operations of a condition (spec 03 section 3.5), declared once: the gateway
 * holds `condition` (the variable) and `operation` (the id); each outgoing connector holds
 * `isDefault` and the operation's fields. Labels follow spec section 4.4.
 */
export interface DecisionOperation {
  id: number;
  name: string;
  /** customData keys of a connector (or of a validation block's nested connector). */
  fields: readonly string[];
  /** False where the operation checks no variable (the channel, the user). */
  usesVariable: boolean;
  /** The arrow label of a connector with this data. */
  label(data: BlockData): string;
  /** What is wrong with a connector's data, as user-facing messages. */
  problems?(data: BlockData, context: FlowValidationContext): string[];
  /** Whether a conversation takes a connector with this data: the runtime reads this as the validator reads the rest. */
  evaluate(data: BlockData, subject: DecisionSubject): boolean;
}

export const SIMILARITY_MIN = 20;
export const SIMILARITY_MAX = 100;
export const SIMILARITY_DEFAULT = 70;
/** Regex labels of this many characters or more show only their first 4 (spec 03 section 5). */
const REGEX_LABEL_TRUNCATE_AT = 8;

export const MATH_OPERATIONS = { smallerThan: 1, biggerThan: 2, inRange: 3 } as const;

const text = (value: unknown): string => (isBlank(value) ? '' : String(value));

const oneOf = (label: string, value: unknown, allowed: readonly string[]): string[] =>
  isBlank(value) || allowed.includes(String(value))
    ? []
    : [`${label} must be ${listInWords(allowed.map((option) => `'${option}'`))}.`];

const entityNamed = (context: FlowValidationContext, name: unknown) =>
  context.entities.find((entity) => entity.name === name);

function regexProblems(data: BlockData, context: FlowValidationContext): string[] {
  const regex = text(data.regex);
  if (regex === '') return ['Enter the regular expression.'];
  const flags = text(data.flags);
  if (context.isRegexSafe) {
    return context.isRegexSafe(regex, flags)
      ? []
      : [`The regular expression ${regex} is not allowed: it is invalid or could take too long to run.`];
  }
  try {
    new RegExp(regex, flags);
    return [];
  } catch {
    return [`The regular expression ${regex} is not valid.`];
  }
}

function mathLabel(data: BlockData): string {
  const first = text(data.mathNumber1);
  switch (Number(data.mathOperation)) {
    case MATH_OPERATIONS.smallerThan:
      return `< ${first}`;
    case MATH_OPERATIONS.biggerThan:
      return `> ${first}`;
    case MATH_OPERATIONS.inRange:
      return `${first} - ${text(data.mathNumber2)}`;
    default:
      return NOT_DEFINED;
  }
}

function mathProblems(data: BlockData): string[] {
  const operation = Number(data.mathOperation);
  if (![1, 2, 3].includes(operation)) return ['Choose smaller than, bigger than or in range.'];
  const numbers =
    operation === MATH_OPERATIONS.inRange ? [data.mathNumber1, data.mathNumber2] : [data.mathNumber1];
  const isNumberOrVariable = (value: unknown) =>
    !isBlank(value) && (Number.isFinite(Number(value)) || variableReferenceName(value) !== null);
  return !numbers.every(isNumberOrVariable) ? ['Enter a number or a [variable] to compare with.'] : [];
}

function similarityProblems(data: BlockData): string[] {
  const set = Array.isArray(data.similarsSet) ? data.similarsSet : [];
  const outOfRange = set.some((entry) => {
    const similarity = (entry as { similarity?: unknown } | null)?.similarity;
    if (isBlank(similarity)) return false;
    const value = Number(similarity);
    return !Number.isFinite(value) || value < SIMILARITY_MIN || value > SIMILARITY_MAX;
  });
  return outOfRange ? [`Similarity must be from ${SIMILARITY_MIN} to ${SIMILARITY_MAX}.`] : [];
}

export const NOT_DEFINED = 'Not Defined';
export const DEFAULT_LABEL = 'DEFAULT';

export const DECISION_OPERATIONS: readonly DecisionOperation[] = [
  {
    id: 1,
    name: 'Equals',
    fields: ['equalsCmpType', 'equalsValueVar', 'equalsValueRaw', 'equalsValueOpt', 'equalsValueOptIndex'],
    usesVariable: true,
    label: (data) => (data.equalsCmpType === 'var' ? 'Match Var' : 'Match'),
    problems: (data) => oneOf('The comparison', data.equalsCmpType, ['var', 'raw', 'opt']),
    evaluate: (data, subject) => {
      const expected =
        data.equalsCmpType === 'var'
          ? subject.variable(text(data.equalsValueVar))
          : data.equalsCmpType === 'opt'
            ? data.equalsValueOpt
            : operand(data.equalsValueRaw, subject);
      return isEqualText(subject.value, expected, subject);
    },
  },
  {
    id: 2,
    name: 'Exists (Not Empty)',
    fields: ['checkExistance'],
    usesVariable: true,
    label: (data) => (data.checkExistance === 'no' ? 'DOES NOT EXIST' : 'EXISTS'),
    problems: (data) => oneOf('Exists', data.checkExistance, ['yes', 'no']),
    evaluate: (data, subject) => {
      const { value } = subject;
      const exists = Array.isArray(value) ? value.length > 0 : !isBlank(value);
      return data.checkExistance === 'no' ? !exists : exists;
    },
  },
  {
    id: 3,
    name: 'Math Comparator',
    fields: ['mathOperation', 'mathNumber1', 'mathNumber2'],
    usesVariable: true,
    label: mathLabel,
    problems: mathProblems,
    evaluate: (data, subject) => {
      const value = numberOf(subject.value);
      const first = numberOf(operand(data.mathNumber1, subject));
      const second = numberOf(operand(data.mathNumber2, subject));
      if (value === null || first === null) return false;
      switch (Number(data.mathOperation)) {
        case MATH_OPERATIONS.smallerThan:
          return value < first;
        case MATH_OPERATIONS.biggerThan:
          return value > first;
        case MATH_OPERATIONS.inRange:
          return second !== null && value >= Math.min(first, second) && value <= Math.max(first, second);
        default:
          return false;
      }
    },
  },
  {
    id: 4,
    name: 'In Set',
    fields: ['equals-set'],
    usesVariable: true,
    label: () => 'IN SET',
    evaluate: (data, subject) =>
      setEntries(data['equals-set']).some((entry) =>
        isEqualText(
          subject.value,
          entry.type === 'var' ? subject.variable(text(entry.value)) : entry.value,
          subject,
        ),
      ),
  },
  {
    id: 5,
    name: 'Contains',
    fields: ['contains'],
    usesVariable: true,
    label: () => 'Contains',
    evaluate: (data, subject) => {
      const part = textOf(operand(data.contains, subject));
      if (part === '') return false;
      const whole = textOf(subject.value);
      return subject.caseSensitive ? whole.includes(part) : whole.toLowerCase().includes(part.toLowerCase());
    },
  },
  {
    id: 6,
    name: 'Is of type',
    fields: ['isOfType'],
    usesVariable: true,
    label: () => 'Is of type',
    problems: (data) => oneOf('The type', data.isOfType, ['number', 'text']),
    evaluate: (data, subject) => {
      if (textOf(subject.value).trim() === '') return false;
      const isNumber = numberOf(subject.value) !== null;
      return data.isOfType === 'number' ? isNumber : data.isOfType === 'text' && !isNumber;
    },
  },
  {
    id: 7,
    name: 'Is an entity',
    fields: ['whichEntity', 'exampleOrCanonical', 'canonicalUtt'],
    usesVariable: true,
    label: () => 'Is entity',
    problems: (data, context) =>
      isBlank(data.whichEntity) || entityNamed(context, data.whichEntity)
        ? []
        : [`Entity ${text(data.whichEntity)} does not exist.`],
    evaluate: (data, subject) => {
      const match = subject.entityValue(text(data.whichEntity), textOf(subject.value));
      if (!match) return false;
      // 'canonical' with a canonical form chosen: the value must stand for that form.
      return data.exampleOrCanonical === 'canonical' && !isBlank(data.canonicalUtt)
        ? isEqualText(match.canonical, data.canonicalUtt, { caseSensitive: false })
        : true;
    },
  },
  {
    id: 8,
    name: 'Is canonical (internal label)',
    fields: ['isCanonicalEntity', 'isCanonical'],
    usesVariable: true,
    label: () => 'Is canonical',
    problems: (data, context) => {
      if (isBlank(data.isCanonicalEntity)) return [];
      const entity = entityNamed(context, data.isCanonicalEntity);
      if (!entity) return [`Entity ${text(data.isCanonicalEntity)} does not exist.`];
      return entity.type === 'closedlists' ? [] : ['Is canonical works only with closed list entities.'];
    },
    evaluate: (data, subject) => {
      const match = subject.entityValue(text(data.isCanonicalEntity), textOf(subject.value));
      return match !== undefined && isEqualText(match.canonical, data.isCanonical, { caseSensitive: false });
    },
  },
  {
    id: 9,
    name: 'Is similar',
    fields: ['similarsSet'],
    usesVariable: true,
    label: () => 'IS SIMILAR',
    problems: similarityProblems,
    evaluate: (data, subject) =>
      setEntries(data.similarsSet).some((entry) => {
        const candidate = entry.type === 'var' ? subject.variable(text(entry.value)) : entry.value;
        const wanted = isBlank(entry.similarity) ? SIMILARITY_DEFAULT : Number(entry.similarity);
        return similarityPercent(textOf(subject.value), textOf(candidate)) >= wanted;
      }),
  },
  {
    id: 10,
    name: 'Which channel',
    fields: ['channelId', 'channelName'],
    usesVariable: false,
    label: () => 'Channel',
    evaluate: (data, { channel }) =>
      channel !== undefined &&
      (isBlank(data.channelId) ? data.channelName === channel.name : data.channelId === channel.id),
  },
  {
    id: 11,
    name: 'Check user',
    fields: ['exists'],
    usesVariable: false,
    label: (data) =>
      isSet(data.exists)
        ? 'User exists'
        : data.exists === false || data.exists === 'false'
          ? 'User is new'
          : 'User is not present',
    evaluate: (data, { user }) =>
      isSet(data.exists)
        ? user === 'known'
        : data.exists === false || data.exists === 'false'
          ? user === 'new'
          : user === 'absent',
  },
  {
    id: 12,
    name: 'RegEx',
    fields: ['regex', 'flags'],
    usesVariable: true,
    label: (data) => {
      const regex = text(data.regex);
      if (regex === '') return NOT_DEFINED;
      return regex.length >= REGEX_LABEL_TRUNCATE_AT ? `${regex.slice(0, 4)} ...` : regex;
    },
    problems: regexProblems,
    evaluate: (data, subject) =>
      text(data.regex) !== '' &&
      subject.matchesRegex(text(data.regex), text(data.flags), textOf(subject.value)),
  },
];

export function decisionOperation(id: unknown): DecisionOperation | undefined {
  if (isBlank(id)) return undefined;
  return DECISION_OPERATIONS.find((operation) => operation.id === Number(id));
}

/** Whether a connector carries any of the operation's fields (Check user's null counts). */
export function hasOperatorData(operation: DecisionOperation, data: BlockData): boolean {
  if (operation.id === 11) return 'exists' in data;
  return operation.fields.some((key) => {
    const value = data[key];
    return Array.isArray(value) ? value.length > 0 : !isBlank(value);
  });
}

/** The arrow label of a connector leaving a condition with this operation (spec 03 section 4.4). */
export function connectorLabel(operationId: unknown, data: BlockData): string {
  if (isSet(data.isDefault)) return DEFAULT_LABEL;
  const operation = decisionOperation(operationId);
  if (!operation || !hasOperatorData(operation, data)) return NOT_DEFINED;
  return operation.label(data);
}
