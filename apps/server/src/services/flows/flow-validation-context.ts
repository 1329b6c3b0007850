import { PREBUILT_ENTITIES } from '@parley/contracts';
import type { Bot } from '@parley/db';
import type { FlowValidationContext } from '@parley/flows';
import { compileSafeRegex } from '../content/safe-regex';
import type { FlowSubject } from './flow-subject';

/** The bot's language (its settings'); flows keep their texts per language. */
export const botLanguage = (bot: Bot): string =>
  typeof bot.settings.language === 'string' ? bot.settings.language : 'en';

/** What a flow of this bot may refer to: its language, intents, functions and entities. */
export async function validationContextOf(subject: FlowSubject): Promise<FlowValidationContext> {
  const { bot, scope } = subject;
  const [intents, functions, entities] = await Promise.all([
    scope.intents(bot.id).names(),
    scope.functions(bot.id).list(),
    scope.entities(bot.id).list(),
  ]);
  return {
    languages: [botLanguage(bot)],
    intents: intents.map((intent) => intent.name),
    functions: functions.map((fn) => ({
      name: fn.name,
      type: fn.type,
      inputs: inputNamesOf(fn.fields.inputs),
    })),
    // The prebuilt entities are every bot's (a flow may check for a Date or an Email).
    entities: [
      ...entities.map((entity) => ({ name: entity.name, type: entity.type })),
      ...PREBUILT_ENTITIES.map((entity) => ({ name: entity.name, type: 'prebuilts' })),
    ],
    isWelcomeIntent: subject.isWelcomeIntent,
    // RE2 (linear time) decides, as for regex entities: a flow's regex cannot hang a server.
    isRegexSafe: (pattern, flags) =>
      compileSafeRegex(flags.includes('i') ? `(?i)${pattern}` : pattern) !== null,
  };
}

const inputNamesOf = (inputs: unknown): string[] =>
  Array.isArray(inputs)
    ? inputs.flatMap((input) =>
        input && typeof input === 'object' && typeof (input as { name?: unknown }).name === 'string'
          ? [(input as { name: string }).name]
          : [],
      )
    : [];
