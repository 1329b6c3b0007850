import {
  INTENT_MIN_EXAMPLES,
  identicalExamples,
  isValidIntentName,
  INTENT_MESSAGES as M,
} from '@parley/contracts';

export interface CreateIntentForm {
  isFaq: boolean;
  name: string;
  description: string;
  examples: string[];
  answer: string;
  /** The template flow's id (GET /api/templates), or '' for none. */
  template: string;
}

export type CreateIntentErrors = Partial<Record<'name' | 'examples' | 'answer' | 'template', string>>;

export const EMPTY_CREATE_INTENT_FORM: CreateIntentForm = {
  isFaq: false,
  name: '',
  description: '',
  examples: [],
  answer: '',
  template: '',
};

/** The create rules of spec 02 section 5 the form can check before sending. */
export function createIntentErrors(form: CreateIntentForm, isRedirect = false): CreateIntentErrors {
  const errors: CreateIntentErrors = {};
  if (!isValidIntentName(form.name.trim())) errors.name = M.invalidName;
  // A redirect intent has no count rule for its examples (spec 02 section 5), as on the server.
  if (!isRedirect && form.examples.length === 0) errors.examples = M.atLeastOneUtterance;
  else if (!isRedirect && form.examples.length < INTENT_MIN_EXAMPLES) errors.examples = M.notEnoughExamples;
  if (form.isFaq && form.answer.trim() === '') errors.answer = M.faqAnswerRequired;
  return errors;
}

/** Why a typed example cannot join the list, if it cannot. */
export function newExampleProblem(examples: readonly string[], text: string): string | undefined {
  if (text.trim().length <= 1) return M.utteranceTooShort;
  const same = identicalExamples([...examples, text.trim()]);
  return same ? M.identicalExamples(same[0], same[1]) : undefined;
}

/** Which field a server refusal belongs to. */
export function formFieldOf(fieldName: string): keyof CreateIntentErrors | undefined {
  if (fieldName === 'name') return 'name';
  if (fieldName.startsWith('utterances') || fieldName.startsWith('patterns')) return 'examples';
  if (fieldName === 'answer') return 'answer';
  if (fieldName === 'template') return 'template';
  return undefined;
}
