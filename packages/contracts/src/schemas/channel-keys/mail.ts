import { z } from 'zod';
import { defineChannelKeys } from './define';

/**
 * Office 365 / e-mail (spec 04 section 3.4): set by connect (address and password) and disconnect
 * only. The password is a secret the server keeps sealed to read the mailbox and send replies; the
 * keys calls answer it masked, and no form edits it (the keys are not writable).
 */
export const MAIL_KEYS = defineChannelKeys({
  path: 'mail-channel',
  channels: ['mail'],
  isWritable: false,
  fields: {
    isEnabled: { label: 'Connected', kind: 'shown', initial: false },
    emailAddress: { label: 'E-mail address', kind: 'shown' },
    password: { label: 'Password', kind: 'secret' },
  },
});

/** The longest address SMTP carries (RFC 5321: 256 octets for a path, less the brackets). */
export const MAIL_ADDRESS_MAX_LENGTH = 254;
export const MAIL_PASSWORD_MAX_LENGTH = 500;

export const MAIL_CHANNEL_MESSAGES = {
  addressRequired: 'Please enter an email address.',
  addressInvalid: 'Please enter a valid email address.',
  addressTooLong: `An email address holds at most ${MAIL_ADDRESS_MAX_LENGTH} characters.`,
  passwordRequired: 'Please enter a password.',
  passwordTooLong: `A password holds at most ${MAIL_PASSWORD_MAX_LENGTH} characters.`,
  passwordControlCharacters: 'A password cannot contain control characters (line breaks, tabs).',
  loginRefused: 'The mail server did not accept this address and password.',
  serverUnreachable: 'The mail server could not be reached. Please try again later.',
  notJson: 'The body must be a JSON object.',
} as const;

const hasControlCharacter = (text: string) =>
  [...text].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });

/** POST /api/mail-channel/{botName}/connect (spec 04 sections 5 and 7.1). */
export const mailConnectBodySchema = z.object(
  {
    emailAddress: z
      .string({ message: MAIL_CHANNEL_MESSAGES.addressRequired })
      .trim()
      .min(1, MAIL_CHANNEL_MESSAGES.addressRequired)
      .max(MAIL_ADDRESS_MAX_LENGTH, MAIL_CHANNEL_MESSAGES.addressTooLong)
      .pipe(z.email({ message: MAIL_CHANNEL_MESSAGES.addressInvalid })),
    // A password is taken as typed: spaces may be part of it.
    password: z
      .string({ message: MAIL_CHANNEL_MESSAGES.passwordRequired })
      .min(1, MAIL_CHANNEL_MESSAGES.passwordRequired)
      .max(MAIL_PASSWORD_MAX_LENGTH, MAIL_CHANNEL_MESSAGES.passwordTooLong)
      // IMAP and SMTP cannot carry them (SMTP's AUTH PLAIN separates with NUL, lines end with CRLF).
      .refine((password) => !hasControlCharacter(password), MAIL_CHANNEL_MESSAGES.passwordControlCharacters),
  },
  { message: MAIL_CHANNEL_MESSAGES.notJson },
);
export type MailConnectBody = z.infer<typeof mailConnectBodySchema>;
