import { type Headers, type ParsedMail, simpleParser } from 'mailparser';

/** What the channel reads of a mail: parsed in a worker (untrusted-input), never on the main thread. */
export interface MailFacts {
  /** The sender's address, lower case. */
  from: string | undefined;
  /** Written by a mail system, not a person (auto-reply, list, bulk). */
  isAutomatic: boolean;
  subject: string;
  /** The plain text (from the HTML part when there is no text part). */
  text: string;
  inReplyTo: string | undefined;
  messageId: string | undefined;
  references: string[];
}

/**
 * Mails no person wrote to the bot: auto-replies and other automatic mail (RFC 3834
 * Auto-Submitted, Precedence bulk/junk/list/auto_reply) and mailing-list posts. The bot
 * answering them would loop.
 */
function isAutomatic(headers: Headers): boolean {
  const autoSubmitted = String(headers.get('auto-submitted') ?? 'no').toLowerCase();
  const precedence = String(headers.get('precedence') ?? '').toLowerCase();
  return (
    autoSubmitted.trim() !== 'no' ||
    ['bulk', 'junk', 'list', 'auto_reply'].includes(precedence.trim()) ||
    headers.has('list-id') ||
    headers.has('x-autoreply') ||
    headers.has('x-autorespond')
  );
}

const referencesOf = (references: ParsedMail['references']): string[] =>
  (Array.isArray(references) ? references : references ? references.split(/\s+/) : []).filter(
    (id) => id !== '',
  );

/** A mail's source (at most the poller's read limit) as the facts the channel takes. */
export async function mailFactsOf(source: Buffer): Promise<MailFacts> {
  const mail = await simpleParser(source);
  return {
    from: mail.from?.value[0]?.address?.trim().toLowerCase() || undefined,
    isAutomatic: isAutomatic(mail.headers),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    inReplyTo: mail.inReplyTo || undefined,
    messageId: mail.messageId || undefined,
    references: referencesOf(mail.references),
  };
}
