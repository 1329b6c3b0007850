/** The limits and fixed lists block declarations use (spec 03 sections 3.3, 5 and 9). */

export const DELAY_MAX_SECONDS = 300;
export const MULTIPLE_ENTITY_CHECK_MAX = 10;
export const LLM_MAX_MESSAGES = 50;
export const DTMF_KEYS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '#', '*'] as const;
/** Spec 03 section 3.3, in the order the block lists them. */
export const RATING_LABELS = ['Very Satisfied', 'Satisfied', 'Neutral', 'Unsatisfied', 'Very unsatisfied'];
/** Accepted upload types (spec 03 section 5): what a receive-attachment block allows by default. */
export const ATTACHMENT_EXTENSIONS = [
  'doc',
  'docx',
  'ppt',
  'pptx',
  'xls',
  'xlsx',
  'pdf',
  'txt',
  'png',
  'jpeg',
  'gif',
  'jpg',
];
export const VALIDATION_FAIL_ACTIONS = [
  'continue',
  'repeat-previous-block',
  'send-message',
  'input-variable',
  'restart-flow',
  'redirect-flow',
] as const;
export const CALCULATION_FORMATS = [
  'No formatting',
  'Format with comma as decimal',
  'Format with dot as decimal',
] as const;
