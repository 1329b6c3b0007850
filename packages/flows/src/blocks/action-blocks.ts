import { field, isBlank, rawField } from '../block-fields';
import { decisionOperation } from '../decision-operations';
import type { BlockData } from '../flow-document';
import { variableReferenceName } from '../variables';
import { CALCULATION_FORMATS, DELAY_MAX_SECONDS, VALIDATION_FAIL_ACTIONS } from './block-limits';
import { defineBlockKind } from './define-block-kind';

/** A field that names a variable holds its bare name or a [reference] to it. */
const variableNamed = (value: string | undefined) =>
  isBlank(value) ? [] : [variableReferenceName(value) ?? String(value).trim()];

export const setVariableBlock = defineBlockKind({
  fc: 'setVariable',
  displayName: 'Set Variable',
  category: 'action',
  fields: [
    field('reset-value', 'boolean', 'Reset value', { default: false }),
    field('variable-value', 'text', 'Value'),
  ],
  outputs: ['Answer'],
  palette: { icon: 'variable', help: 'Sets a variable to a value, or empties it.' },
});

export const setObjectBlock = defineBlockKind({
  fc: 'setObject',
  displayName: 'Set Object',
  category: 'action',
  fields: [
    field('object', 'text', 'Object'),
    field('object-property', 'text', 'Property'),
    field('reset-value', 'boolean', 'Reset value', { default: false }),
    field('object-value', 'text', 'Value'),
  ],
  palette: { icon: 'braces', help: 'Sets one property of an object variable.' },
  references: (values) => ({ variables: variableNamed(values.object) }),
});

export const triggerRecognizerBlock = defineBlockKind({
  fc: 'triggerRecognizer',
  displayName: 'Trigger Recognizer',
  category: 'action',
  fields: [field('input', 'text', 'Input')],
  outputs: ['Intent', 'Entities'],
  palette: { icon: 'brain', help: "Runs the bot's recognizer on a text and keeps the intent and entities." },
});

export const userStatisticsBlock = defineBlockKind({
  fc: 'userStatistics',
  displayName: 'User Statistics',
  category: 'action',
  fields: [field('var-name', 'text', 'Variable')],
  palette: { icon: 'chart', help: "Counts a variable's value in the bot's user statistics." },
  references: (values) => ({ variables: variableNamed(values.varName) }),
});

export const passCounterBlock = defineBlockKind({
  fc: 'passCounter',
  displayName: 'Pass Counter',
  category: 'action',
  fields: [],
  outputs: ['Counter'],
  palette: { icon: 'counter', help: 'Counts how often the conversation passed this block.' },
});

export const replaceInVariableBlock = defineBlockKind({
  fc: 'replaceInVariable',
  displayName: 'Replace in Variable',
  category: 'action',
  fields: [
    field('replace-variable', 'text', 'Variable'),
    field('replace-rules', 'replaceRules', 'Replace rules'),
  ],
  palette: { icon: 'replace', help: "Replaces texts in a variable's value." },
  references: (values) => ({ variables: variableNamed(values.replaceVariable) }),
});

export const redirectCallBlock = defineBlockKind({
  fc: 'redirectCall',
  displayName: 'Redirect Call',
  category: 'action',
  fields: [
    field('phone-number', 'text', 'Phone number'),
    field('redirect-message', 'richText', 'Redirect message'),
  ],
  palette: { icon: 'phone-forward', help: 'Passes a phone call on to another number.' },
  sends: (values) => ({ texts: isBlank(values.redirectMessage) ? [] : [values.redirectMessage as string] }),
});

export const simpleCalculationBlock = defineBlockKind({
  fc: 'simpleCalculationBlock',
  displayName: 'Simple Calculation',
  category: 'action',
  fields: [
    field('equation', 'text', 'Equation'),
    field('formatingStyle', 'choice', 'Formatting', {
      options: CALCULATION_FORMATS,
      default: 'No formatting',
    }),
  ],
  outputs: ['Math'],
  palette: { icon: 'calculator', help: 'Calculates with numbers and [variables] and keeps the result.' },
});

export const sendConversationHistoryBlock = defineBlockKind({
  fc: 'sendConversationHistory',
  displayName: 'Send Conversation History',
  category: 'action',
  fields: [field('email', 'text', 'E-mail')],
  palette: { icon: 'mail-history', help: 'E-mails the conversation so far.' },
});

export const handoverBlock = defineBlockKind({
  fc: 'handover',
  displayName: 'Handover',
  category: 'action',
  fields: [],
  palette: { icon: 'headset', help: 'Connects the user to a real person.' },
});

export const sendEmailBlock = defineBlockKind({
  fc: 'sendEmail',
  displayName: 'Send Email',
  category: 'action',
  fields: [
    field('receiver', 'text', 'Receiver'),
    field('subject', 'text', 'Subject'),
    field('text', 'richText', 'Text'),
  ],
  palette: { icon: 'mail', help: 'Sends an e-mail.' },
});

export const languageTranslationBlock = defineBlockKind({
  fc: 'languageTranslation',
  displayName: 'Language Translation',
  category: 'action',
  fields: [field('text', 'text', 'Text'), field('from', 'text', 'From'), field('to', 'text', 'To')],
  outputs: ['Translation'],
  palette: { icon: 'translate', help: "Translates a text with the bot's translation provider." },
});

export const languageDetectionBlock = defineBlockKind({
  fc: 'languageDetection',
  displayName: 'Language Detection',
  category: 'action',
  fields: [field('text', 'text', 'Text')],
  outputs: ['Language'],
  palette: { icon: 'globe', help: "Detects a text's language with the bot's detection provider." },
});

/** Where a validation block goes when the value fails and its on-fail action is continue. */
export const VALIDATION_FAIL_EXIT = { id: 'fail', label: 'Validation failed' };

export const validationBlock = defineBlockKind({
  fc: 'validationBlock',
  displayName: 'Validation',
  category: 'action',
  fields: [
    rawField('condition', 'text', 'Variable'),
    rawField('operation', 'number', 'Operation', { min: 1, max: 12 }),
    rawField('connector', 'connector', 'Condition'),
    field('onFailAction', 'choice', 'On fail', { options: VALIDATION_FAIL_ACTIONS, default: 'continue' }),
    field('message', 'richText', 'Message'),
    field('newFlow', 'text', 'New flow'),
  ],
  // input-variable asks the user again.
  waitsForInput: true,
  palette: { icon: 'shield-check', help: 'Checks a variable and acts when the check fails.' },
  exits: () => [VALIDATION_FAIL_EXIT],
  references: (values) => {
    const connector = (values.connector ?? {}) as BlockData;
    return {
      entities: [connector.whichEntity, connector.isCanonicalEntity],
      variables: [values.condition, connector.equalsCmpType === 'var' ? connector.equalsValueVar : undefined],
      intents: values.onFailAction === 'redirect-flow' ? [values.newFlow] : [],
    };
  },
  sends: (values) => ({ texts: isBlank(values.message) ? [] : [values.message as string] }),
  problems: (values, context) => {
    const operation = decisionOperation(values.operation);
    if (!operation) return [];
    const problems: string[] = [];
    if (operation.usesVariable && isBlank(values.condition))
      problems.push('Choose the variable this block validates.');
    problems.push(...(operation.problems?.((values.connector ?? {}) as BlockData, context) ?? []));
    if (values.onFailAction === 'redirect-flow' && isBlank(values.newFlow)) {
      problems.push('Choose the flow to redirect to.');
    }
    return problems;
  },
});

export const delayBlock = defineBlockKind({
  fc: 'blockDelay',
  displayName: 'Delay',
  category: 'action',
  fields: [field('duration', 'number', 'Delay', { min: 0, max: DELAY_MAX_SECONDS, unit: 'seconds' })],
  palette: { icon: 'clock', help: `Waits up to ${DELAY_MAX_SECONDS} seconds before the next block.` },
});

export const ACTION_BLOCKS = [
  setVariableBlock,
  setObjectBlock,
  triggerRecognizerBlock,
  userStatisticsBlock,
  passCounterBlock,
  replaceInVariableBlock,
  redirectCallBlock,
  simpleCalculationBlock,
  sendConversationHistoryBlock,
  handoverBlock,
  sendEmailBlock,
  languageTranslationBlock,
  languageDetectionBlock,
  validationBlock,
  delayBlock,
] as const;
