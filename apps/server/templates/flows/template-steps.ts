import type { FlowBranch, FlowConditionStep, FlowFunctionStep, FlowStep } from '@parley/flows';

/**
 * Steps the starter templates' flows share, so each flow file reads as the conversation it is.
 * Operation ids and connector fields are those of packages/flows/src/decision-operations.ts.
 */

const EQUALS = 1;
const EXISTS = 2;
const MATH_COMPARATOR = 3;
const IS_CANONICAL = 8;
const BIGGER_THAN = 2;
const IN_RANGE = 3;

export const message = (name: string, text: string): FlowStep => ({
  block: 'message',
  name,
  fields: { message: text },
});

/** A question whose answer is kept in `answer`. */
export const ask = (name: string, question: string, answer: string): FlowStep => ({
  block: 'askQuestion',
  name,
  fields: { question },
  outputs: [answer],
});

/** Asks for each entity the user has not given yet; entities are closed lists or regexes. */
export const checkEntities = (name: string, questions: Record<string, string>): FlowStep => ({
  block: 'multipleEntityCheck',
  name,
  fields: {
    entities: Object.entries(questions).map(([entity, question]) => ({ entity, message: question })),
  },
});

/** `found` when the variable has a value, else `missing`. */
export const ifExists = (
  variable: string,
  name: string,
  found: FlowStep[],
  missing: FlowStep[],
): FlowConditionStep => ({
  condition: variable,
  operation: EXISTS,
  name,
  branches: [
    { operator: { checkExistance: 'yes' }, steps: found },
    { isDefault: true, steps: missing },
  ],
});

/** A REST call's HTTP status (its `status` output): `succeeded` for 2xx, else `failed`. */
export const ifSucceeded = (
  status: string,
  name: string,
  succeeded: FlowStep[],
  failed: FlowStep[],
): FlowConditionStep => ({
  condition: status,
  operation: MATH_COMPARATOR,
  name,
  branches: [
    { operator: { mathOperation: IN_RANGE, mathNumber1: 200, mathNumber2: 299 }, steps: succeeded },
    { isDefault: true, steps: failed },
  ],
});

/** Branches by a closed list entity's canonical form; `otherwise` when it has none of them. */
export const byCanonicalForm = (
  entity: string,
  name: string,
  forms: Record<string, FlowStep[]>,
  otherwise: FlowStep[],
): FlowConditionStep => ({
  condition: entity,
  operation: IS_CANONICAL,
  name,
  branches: [
    ...Object.entries(forms).map(
      ([form, steps]): FlowBranch => ({
        operator: { isCanonicalEntity: entity, isCanonical: form },
        steps,
      }),
    ),
    { isDefault: true, steps: otherwise },
  ],
});

/**
 * Buttons, then the first button's steps when the user clicks it and `otherwise` for any other
 * answer (the other buttons, or text typed instead).
 */
export const offer = (
  name: string,
  question: string,
  [first, ...others]: [string, ...string[]],
  answer: string,
  chosen: FlowStep[],
  otherwise: FlowStep[],
): FlowStep[] => [
  {
    block: 'showOptions',
    name,
    fields: { suggestion: question, choices: [first, ...others] },
    outputs: [answer],
  },
  {
    condition: answer,
    operation: EQUALS,
    name: `${first}?`,
    branches: [
      {
        operator: { equalsCmpType: 'opt', equalsValueOpt: first, equalsValueOptIndex: 0 },
        steps: chosen,
      },
      { isDefault: true, steps: otherwise },
    ],
  },
];

/** A rating from 1 (very unsatisfied) to 5 (very satisfied), then thanks or an apology. */
export const askForRating = (question: string, thanks: string, apology: string): FlowStep[] => [
  { block: 'showRating', name: 'Ask for a rating', fields: { suggestion: question }, outputs: ['Rating'] },
  {
    condition: 'Rating',
    operation: MATH_COMPARATOR,
    name: 'Satisfied?',
    branches: [
      {
        operator: { mathOperation: BIGGER_THAN, mathNumber1: 3 },
        steps: [message('Thank you', thanks)],
      },
      { isDefault: true, steps: [message('Sorry', apology)] },
    ],
  },
];

/** Keeps a value in a property of one of the bot's objects for the rest of the conversation. */
export const remember = (name: string, object: string, property: string, value: string): FlowStep => ({
  block: 'setObject',
  name,
  fields: { object, 'object-property': property, 'object-value': value },
});

/**
 * A call to a system the template stands in for with sample data (a code function, to replace
 * by a REST call). Its Call failed exit is wired: when the system is away or answers an error,
 * the user hears `sorry` and the flow ends, never the bot's unexpected-error message.
 */
export const callSystem = (
  call: Omit<FlowFunctionStep, 'type' | 'failed'> & { name: string },
  sorry: string,
): FlowFunctionStep => ({
  ...call,
  type: 'code',
  failed: [message(`${call.name}: call failed`, sorry), { end: 'endFlow' }],
});

/**
 * A call to a system the template stands in for, whose failure the flow already answers: its Call
 * failed exit goes straight on to the next step with the call's outputs unset, as when the call
 * found nothing.
 */
export const callSystemOrCarryOn = (
  call: Omit<FlowFunctionStep, 'type' | 'failed'> & { name: string },
): FlowFunctionStep => ({ ...call, type: 'code', failed: [] });

/**
 * The Format date helper on `date`, into formattedDate. Should it fail, the date is said as it
 * came: a readable date is a nicety, not worth ending the conversation over.
 */
export const formatDate = (name: string, date: string): FlowFunctionStep => ({
  function: 'Format date',
  name,
  type: 'code',
  fields: { date },
  outputs: ['formattedDate'],
  failed: [
    {
      block: 'setVariable',
      name: `${name}: the date as it came`,
      fields: { 'variable-value': date },
      outputs: ['formattedDate'],
    },
  ],
});
