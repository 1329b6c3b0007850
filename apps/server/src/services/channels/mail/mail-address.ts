import { z } from 'zod';

/** The most thread ids a reply carries in References: the thread's first and latest ones matter. */
const MAX_REFERENCES = 20;

/**
 * Where the bot answers a mail user: their address and the thread of their last mail (its subject,
 * Message-ID and References), so every reply continues that thread; and the options the bot's
 * last mail numbered, which a reply's number chooses.
 */
export const mailAddressSchema = z.object({
  to: z.string(),
  subject: z.string(),
  messageId: z.string().optional(),
  references: z.array(z.string()).default([]),
  offeredOptions: z.array(z.string()).optional(),
});
export type MailAddress = z.infer<typeof mailAddressSchema>;

/** The References of a reply to the mail: the mail's own, then the mail itself (RFC 5322 3.6.4). */
export function referencesOfReply(address: MailAddress): string[] {
  const chain = [...address.references, ...(address.messageId ? [address.messageId] : [])];
  const unique = [...new Set(chain)];
  return unique.length > MAX_REFERENCES
    ? [...unique.slice(0, 1), ...unique.slice(-(MAX_REFERENCES - 1))]
    : unique;
}
