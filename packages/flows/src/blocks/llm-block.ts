import { rawField } from '../block-fields';
import { LLM_MAX_MESSAGES } from './block-limits';
import { defineBlockKind } from './define-block-kind';

export const RECOGNIZED_INTENT_EXIT = { id: 'recognized-intent', label: 'Recognised intent' };
export const INACTIVITY_EXIT = { id: 'inactivity', label: 'Inactivity' };

/**
 * The LLM block: its fc is the chosen LLM's display name (spec 03 section 2.6), so it is found
 * by its category, not by fc. It talks with the user until an exit: `next` when the LLM ends the
 * talk (autoExit) or maxMessages is reached, and the two exits its flags turn on.
 */
export const llmBlock = defineBlockKind({
  fc: 'llm',
  displayName: 'LLM',
  category: 'llm',
  fields: [
    rawField('llmId', 'text', 'LLM'),
    rawField('llmInput', 'text', 'Input'),
    rawField('llmContext', 'richText', 'Context'),
    rawField('recognizerExit', 'boolean', 'Exit on a recognised intent', { default: false }),
    rawField('exitInactivity', 'boolean', 'Exit on inactivity', { default: false }),
    rawField('maxMessages', 'number', 'Max messages', {
      min: 0,
      max: LLM_MAX_MESSAGES,
      default: LLM_MAX_MESSAGES,
    }),
    rawField('autoExit', 'boolean', 'Exit automatically', { default: false }),
    rawField('languageDetect', 'boolean', 'Detect the language', { default: false }),
    rawField('requiredLanguage', 'text', 'Required language'),
  ],
  waitsForInput: true,
  palette: { icon: 'sparkles', help: 'Lets an LLM assistant talk with the user until one of its exits.' },
  exits: (values) => [
    ...(values.recognizerExit ? [RECOGNIZED_INTENT_EXIT] : []),
    ...(values.exitInactivity ? [INACTIVITY_EXIT] : []),
  ],
});
