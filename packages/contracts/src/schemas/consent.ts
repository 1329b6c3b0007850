/**
 * How a conversation asks for consent (spec 04 section 3.7), the same on every channel: the
 * consent message with two options; a channel without buttons lets the user type one.
 */
export const CONSENT_CHOICES = { agree: 'Agree', reject: 'Reject' } as const;

/** The event a channel sends when its user asks for their data to be removed ('removeUserData'). */
export const REMOVE_USER_DATA_EVENT = 'removeUserData';

/** What a conversation's log shows instead of the texts of a user who rejected consent. */
export const NOT_RECORDED_TEXT = '[not recorded: no consent]';

/** A typed or clicked answer as one of the choices, ignoring case and surrounding spaces. */
export function consentChoiceOf(text: string): keyof typeof CONSENT_CHOICES | undefined {
  const said = text.trim().toLowerCase();
  if (said === CONSENT_CHOICES.agree.toLowerCase()) return 'agree';
  if (said === CONSENT_CHOICES.reject.toLowerCase()) return 'reject';
  return undefined;
}
