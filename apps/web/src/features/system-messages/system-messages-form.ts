import {
  type BotDetails,
  GENERAL_SETTINGS_MESSAGES as M,
  SYSTEM_MESSAGE_KEYS,
  SYSTEM_MESSAGE_MAX_LENGTH,
  type SystemMessageKey,
  type SystemMessagesBody,
} from '@parley/contracts';

/** The bot's own texts per language as edited; '' means the default (shown as the placeholder). */
export type SystemMessagesDraft = Record<string, Record<SystemMessageKey, string>>;

/** The languages of the sidebar: the bot's default language first, then its other supported ones. */
export function botLanguages(bot: BotDetails): string[] {
  const { language, supportedLanguages } = bot.settings;
  return [...new Set([language, ...supportedLanguages])];
}

/** The draft of the stored messages: each language of the bot, each of the five messages. */
export function systemMessagesDraftOf(bot: BotDetails): SystemMessagesDraft {
  const stored = bot.settings.systemMessages ?? {};
  return Object.fromEntries(
    botLanguages(bot).map((language) => [
      language,
      Object.fromEntries(SYSTEM_MESSAGE_KEYS.map((key) => [key, stored[language]?.[key] ?? ''])) as Record<
        SystemMessageKey,
        string
      >,
    ]),
  );
}

/** Messages too long to save, by `{language}.{key}`. */
export function systemMessageProblems(draft: SystemMessagesDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [language, messages] of Object.entries(draft)) {
    for (const key of SYSTEM_MESSAGE_KEYS) {
      if (messages[key].length > SYSTEM_MESSAGE_MAX_LENGTH)
        problems[`${language}.${key}`] = M.systemMessageTooLong;
    }
  }
  return problems;
}

/** Every language of the draft is sent: a blank message goes back to its default. */
export const systemMessagesBodyOf = (draft: SystemMessagesDraft): SystemMessagesBody => ({
  systemMessages: draft,
});
