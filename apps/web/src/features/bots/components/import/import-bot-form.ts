import {
  BOT_BUNDLE_MESSAGES,
  botRegionOf,
  DEFAULT_BOT_REGION,
  DEFAULT_RECOGNIZER,
  engineById,
  type ImportedBotData,
  isSelectableRecognizer,
  NO_RECOGNIZER,
} from '@parley/contracts';
import type { ImportBotChoice } from '../../api/bot-bundle-api';
import {
  type CreateBotErrors,
  type CreateBotForm,
  emptyCreateBotForm,
  toCreateBotRequest,
  updateCreateBotForm,
  validateCreateBotForm,
} from '../create/create-bot-form';

/**
 * The Import-a-bot form is the create dialog's scratch form (name, region toggle, Automate,
 * recognizer, language), filled in with what the file holds. A recognizer that can no longer
 * be chosen (retired, not configurable) gives way to the default, and a language the
 * recognizer does not know to its default language, as in the create dialog.
 */
export function importFormFrom(staged: ImportedBotData): CreateBotForm {
  const provider = staged.settings.intentRecognizerProvider;
  const engine = engineById(provider);
  const recognizer =
    provider === null
      ? NO_RECOGNIZER
      : engine && isSelectableRecognizer(engine)
        ? engine.id
        : DEFAULT_RECOGNIZER;
  const region = botRegionOf(staged.region) ?? DEFAULT_BOT_REGION;
  return updateCreateBotForm(emptyCreateBotForm('scratch'), {
    name: staged.botName,
    isRegionChanged: region !== DEFAULT_BOT_REGION,
    region,
    recognizer,
    nluAutomate: staged.settings.nluAutomate && recognizer !== NO_RECOGNIZER,
    language: staged.settings.language,
  });
}

/** Bot ids are the name lower-cased with spaces as dashes: names that give one id are one name. */
const nameKey = (name: string) => name.trim().toLowerCase().replace(/ /g, '-');

/**
 * The create form's rules plus the import's (spec 01 section 5 'Import'): a name of a bot on the
 * overview is 'This name is already taken!'. The server checks again, for bots the caller
 * does not see.
 */
export function validateImportForm(form: CreateBotForm, existingNames: readonly string[]): CreateBotErrors {
  const errors = validateCreateBotForm(form);
  if (!errors.name && existingNames.some((name) => nameKey(name) === nameKey(form.name)))
    errors.name = BOT_BUNDLE_MESSAGES.nameTaken;
  return errors;
}

export function toImportChoice(form: CreateBotForm, acceptAdditionalCost: boolean): ImportBotChoice {
  const request = toCreateBotRequest(form, acceptAdditionalCost);
  return {
    name: request.name,
    region: request.region,
    language: request.language ?? form.language,
    nluAutomate: request.nluAutomate ?? false,
    ...(request.recognizer !== undefined ? { recognizer: request.recognizer } : {}),
    acceptAdditionalCost,
  };
}
