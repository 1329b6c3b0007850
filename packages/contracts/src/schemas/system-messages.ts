import { z } from 'zod';

/**
 * The five messages a bot says on its own, per language (spec 04 section 2.3, the System
 * Messages tab). The spec does not give their texts; the defaults below are Parley's
 * (docs/decisions.md 'System messages') and apply until the designer writes their own.
 */
export const SYSTEM_MESSAGE_KEYS = [
  'unexpectedErrorMessage',
  'messageEmpty',
  'messageTextEmpty',
  'messageBetweenThreshold',
  'messageBelowThreshold',
] as const;
export type SystemMessageKey = (typeof SYSTEM_MESSAGE_KEYS)[number];
export type SystemMessages = Record<SystemMessageKey, string>;

export const SYSTEM_MESSAGE_MAX_LENGTH = 2000;

export const DEFAULT_SYSTEM_MESSAGES: SystemMessages = {
  unexpectedErrorMessage: 'Sorry, something went wrong on my side. Please try again.',
  messageEmpty: 'I did not receive anything. Could you try again?',
  messageTextEmpty: 'Please type a message.',
  messageBetweenThreshold: "I'm not sure I understood. Could you say it in other words?",
  messageBelowThreshold: "Sorry, I didn't understand that. Could you rephrase it?",
};

/** Stored per language; a message left out (or blank) is the default. */
export const systemMessagesSchema = z.record(
  z.string().min(1).max(20),
  z.partialRecord(z.enum(SYSTEM_MESSAGE_KEYS), z.string().max(SYSTEM_MESSAGE_MAX_LENGTH)),
);
export type StoredSystemMessages = z.infer<typeof systemMessagesSchema>;

/** The messages of one language: the bot's own where written, else the defaults. */
export function systemMessagesIn(stored: StoredSystemMessages | undefined, language: string): SystemMessages {
  const own = stored?.[language] ?? {};
  return Object.fromEntries(
    SYSTEM_MESSAGE_KEYS.map((key) => {
      const text = own[key];
      return [key, typeof text === 'string' && text.trim() !== '' ? text : DEFAULT_SYSTEM_MESSAGES[key]];
    }),
  ) as SystemMessages;
}
