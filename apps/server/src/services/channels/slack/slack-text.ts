/**
 * Slack's message text format (api.slack.com/reference/surfaces/formatting): '&', '<' and '>'
 * are escaped, and links, mentions and channels are written '<target|label>'.
 */

/** A text as Slack shows it, literally: the three characters Slack reserves escaped. */
export const escapeSlackText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const unescapeSlackText = (text: string): string =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** One '<...>' reference as a user would read it. */
function readableReference(inner: string): string {
  const [target = '', label] = inner.split('|', 2);
  if (target.startsWith('@')) return `@${label ?? target.slice(1)}`;
  if (target.startsWith('#')) return `#${label ?? target.slice(1)}`;
  if (target.startsWith('!')) return `@${(label ?? target.slice(1)).replace(/^subteam\^/, '')}`;
  return label ?? target;
}

/**
 * What a user wrote, in plain words: the mentions of the bot itself left out (a channel message
 * starts with one), links and other mentions as they read.
 */
export function plainTextOfSlack(text: string, botUserId?: string, dropLeadingMentions = false): string {
  let plain = text;
  if (botUserId && /^[A-Z0-9]{1,30}$/.test(botUserId))
    plain = plain.replace(new RegExp(`<@${botUserId}(\\|[^>]*)?>`, 'g'), ' ');
  if (dropLeadingMentions) plain = plain.replace(/^(\s*<@[A-Z0-9]+(\|[^>]*)?>)+/, ' ');
  plain = plain.replace(/<([^<>]{1,3000})>/g, (_match, inner: string) => readableReference(inner));
  return unescapeSlackText(plain)
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
