/**
 * What users and bots say to each other, normalised: every channel turns its own messages into
 * these, and the bot's into its own format. The runtime sees nothing channel-specific.
 */

/** What the user did. A button click carries the button's text (what a text-only channel would send). */
export type InboundActivity =
  | { type: 'text'; text: string }
  | { type: 'click'; text: string }
  | { type: 'attachment'; files: Array<{ url: string; name: string; content?: string }>; text?: string }
  | { type: 'event'; name: string; value?: unknown };

/** What the bot sends. */
export type OutboundActivity =
  | { type: 'text'; text: string }
  | { type: 'image'; url: string }
  | { type: 'options'; text: string; options: string[]; image?: string }
  | { type: 'rating'; text: string; options: string[] }
  | { type: 'attachment'; name: string; fileId: string }
  | {
      type: 'event';
      name: 'handover' | 'endOfConversation' | 'redirectCall' | 'redirectToBot';
      value?: unknown;
    };

/** The text a user's activity stands for: what they typed, or the button they clicked. */
export function textOfActivity(activity: InboundActivity): string {
  if (activity.type === 'text' || activity.type === 'click') return activity.text;
  if (activity.type === 'attachment') return activity.text ?? '';
  return '';
}
