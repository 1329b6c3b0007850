/**
 * The language a new conversation talks in (Multi-Language, spec 04 section 2.3): the language
 * the user's channel asks for (a browser's, a Direct Line activity's locale) when the bot
 * supports it, exactly or by its main part ('de-AT' talks German); else the bot's default.
 */
export function conversationLanguage(
  settings: { language: string; supportedLanguages?: readonly string[] },
  wanted: string | undefined,
): string {
  if (!wanted) return settings.language;
  const supported = [settings.language, ...(settings.supportedLanguages ?? [])];
  const asked = wanted.trim().toLowerCase().replace('_', '-');
  const exact = supported.find((code) => code.toLowerCase() === asked);
  if (exact) return exact;
  const main = asked.split('-')[0];
  return (
    supported.find((code) => code.toLowerCase() === main) ??
    supported.find((code) => code.toLowerCase().split('-')[0] === main) ??
    settings.language
  );
}
