/**
 * Lines where the quoted earlier mail begins, as the common mail programs write them: Gmail and
 * Apple Mail ('On Mon, 1 Jan 2024, Ann <a@b.c> wrote:', sometimes broken over two lines), Outlook
 * ('-----Original Message-----', a 'From:' header block, or a rule of underscores).
 */
const QUOTE_STARTS: readonly RegExp[] = [
  /^On\s.+\swrote:\s*$/i,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^_{20,}\s*$/,
];
/** Outlook's header block of the quoted mail: 'From: …' with 'Sent: …' (or 'Date:', 'To:') under it. */
const HEADER_BLOCK_START = /^From:\s.+$/i;
const HEADER_BLOCK_NEXT = /^(Sent|Date|To):\s/i;
/** 'On …' alone on a line, its 'wrote:' on the next (long dates wrap). */
const WRAPPED_QUOTE_START = /^On\s.+$/i;
const WRAPPED_QUOTE_END = /^.*\swrote:\s*$/i;
/** A signature's delimiter (RFC 3676 '-- ') and the phone clients' own sign-offs. */
const SIGNATURE_STARTS: readonly RegExp[] = [/^-- ?$/, /^Sent from my \w+/i, /^Get Outlook for \w+/i];

/**
 * What the user newly wrote in a mail's plain-text body: the lines above the quoted earlier mail
 * and the signature, without '>' quoted lines; blank runs squeezed.
 */
export function newPartOfMailText(body: string): string {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim();
    if (SIGNATURE_STARTS.some((start) => start.test(line.trimEnd()))) break;
    if (QUOTE_STARTS.some((start) => start.test(trimmed))) break;
    const next = lines[index + 1]?.trim() ?? '';
    if (HEADER_BLOCK_START.test(trimmed) && HEADER_BLOCK_NEXT.test(next)) break;
    if (WRAPPED_QUOTE_START.test(trimmed) && WRAPPED_QUOTE_END.test(next)) break;
    if (trimmed.startsWith('>')) continue;
    kept.push(line.trimEnd());
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A subject without the 'Re:', 'Fwd:' (and localised 'AW:', 'SV:') prefixes replies add. */
export function subjectWithoutPrefixes(subject: string): string {
  return subject.replace(/^(\s*(re|fw|fwd|aw|sv|wg|tr)(\[\d+\])?\s*:\s*)+/i, '').trim();
}

/** The subject of the bot's reply: 'Re: ' once before the user's subject. */
export function replySubjectOf(subject: string): string {
  const topic = subjectWithoutPrefixes(subject);
  return topic === '' ? 'Re:' : `Re: ${topic}`;
}
