import { type OutboundActivity, textsOfCard } from '@parley/contracts';

/**
 * What a platform that cannot show an activity says instead (issue 14 'text fallback'): a card's
 * texts, a list's options numbered (the user may answer with the number or the text), a file's
 * name and address. Events have nothing to say.
 */
export function textFallbackOf(
  activity: OutboundActivity,
  fileUrl: (fileId: string) => string,
): string | undefined {
  switch (activity.type) {
    case 'text':
      return activity.text;
    case 'image':
      return activity.url;
    case 'options':
    case 'rating':
      return [activity.text, ...activity.options.map((option, index) => `${index + 1}. ${option}`)]
        .filter((line) => line !== '')
        .join('\n');
    case 'attachment':
      return `${activity.name}: ${fileUrl(activity.fileId)}`;
    case 'adaptiveCard': {
      const texts = textsOfCard(activity.card).filter((text) => text.trim() !== '');
      return texts.length > 0 ? texts.join('\n') : undefined;
    }
    case 'event':
      return undefined;
  }
}

/**
 * A user's answer to numbered options given as text: '2' is the second option's text. Other
 * texts are the user's own words.
 */
export function optionChosenByNumber(text: string, options: readonly string[]): string | undefined {
  const match = /^\s*(\d{1,2})\s*\.?\s*$/.exec(text);
  if (!match) return undefined;
  return options[Number(match[1]) - 1];
}

/** Splits a text into parts of at most `max` characters, at line or word ends where it can. */
export function splitText(text: string, max: number): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const cut = Math.max(window.lastIndexOf('\n'), window.lastIndexOf(' '));
    const at = cut > max / 2 ? cut : max;
    parts.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest !== '' || parts.length === 0) parts.push(rest);
  return parts;
}
