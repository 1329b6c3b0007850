import {
  BOT_MESSAGES,
  type BotCreateType,
  type BotRegion,
  botNameProblem,
  DEFAULT_BOT_REGION,
  DEFAULT_LANGUAGE,
  DEFAULT_RECOGNIZER,
  languageChoices,
  languageName,
  NO_RECOGNIZER,
} from '@parley/contracts';
import type { CreateBotRequest } from '../../api/bots-api';

/** What the create dialog's step 2 holds (spec 01 section 2 'Create-a-bot dialog'). */
export interface CreateBotForm {
  createType: BotCreateType;
  template: string;
  name: string;
  isRegionChanged: boolean;
  region: BotRegion;
  nluAutomate: boolean;
  /** An engine id, or 'none'. */
  recognizer: string;
  language: string;
}

export type CreateBotField = 'template' | 'name' | 'region' | 'recognizer' | 'language' | 'nluAutomate';
export type CreateBotErrors = Partial<Record<CreateBotField, string>>;

export const emptyCreateBotForm = (createType: BotCreateType): CreateBotForm => ({
  createType,
  template: '',
  name: '',
  isRegionChanged: false,
  region: DEFAULT_BOT_REGION,
  nluAutomate: false,
  recognizer: DEFAULT_RECOGNIZER,
  language: DEFAULT_LANGUAGE,
});

/** With Automate on the recognizer is Parley's choice, so the form sends none. */
const chosenRecognizer = (form: CreateBotForm) => (form.nluAutomate ? undefined : form.recognizer);

/** The Language select's options, sorted by name. */
export function languageOptions(form: CreateBotForm): Array<{ value: string; label: string }> {
  return languageChoices(chosenRecognizer(form), form.nluAutomate)
    .map((code) => ({ value: code, label: languageName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** English when offered (bare or the US locale), else the first language of the list. */
export function defaultLanguageOf(form: CreateBotForm): string {
  const codes = languageChoices(chosenRecognizer(form), form.nluAutomate);
  return (
    [DEFAULT_LANGUAGE, 'en-us'].find((code) => codes.includes(code)) ?? languageOptions(form)[0]?.value ?? ''
  );
}

/**
 * Applies a change and keeps the form coherent: a recognizer of None turns Automate off, and a
 * language the new recognizer does not know gives way to its default.
 */
export function updateCreateBotForm(form: CreateBotForm, patch: Partial<CreateBotForm>): CreateBotForm {
  const next = { ...form, ...patch };
  if (next.recognizer === NO_RECOGNIZER) next.nluAutomate = false;
  if (!next.isRegionChanged) next.region = DEFAULT_BOT_REGION;
  const codes = languageChoices(chosenRecognizer(next), next.nluAutomate);
  if (!codes.includes(next.language)) next.language = defaultLanguageOf(next);
  return next;
}

/** The browser's checks, the same rules and messages as the server's. */
export function validateCreateBotForm(form: CreateBotForm): CreateBotErrors {
  const errors: CreateBotErrors = {};
  const nameProblem = botNameProblem(form.name);
  if (nameProblem) errors.name = nameProblem;
  if (form.createType === 'template') {
    if (!form.template) errors.template = BOT_MESSAGES.selectTemplate;
    return errors;
  }
  if (!form.language) errors.language = BOT_MESSAGES.selectLanguage;
  else if (!languageChoices(chosenRecognizer(form), form.nluAutomate).includes(form.language))
    errors.language = BOT_MESSAGES.invalidLanguage;
  return errors;
}

export function toCreateBotRequest(form: CreateBotForm, acceptAdditionalCost: boolean): CreateBotRequest {
  const common = {
    name: form.name.trim(),
    region: form.region,
    nluAutomate: form.nluAutomate,
    acceptAdditionalCost,
  };
  if (form.createType === 'template') return { ...common, createType: 'template', template: form.template };
  const recognizer = chosenRecognizer(form);
  return {
    ...common,
    createType: 'scratch',
    language: form.language,
    ...(recognizer !== undefined ? { recognizer } : {}),
  };
}
