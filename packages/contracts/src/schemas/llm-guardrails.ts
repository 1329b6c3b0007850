/**
 * How an LLM's output check conditions (spec 04 section 3.11, the Guardrails tab) are written
 * (docs/decisions.md 'Guardrails'). Each condition is one line: a line that starts with one of
 * the local checks' words below is checked in Parley itself in well under a millisecond; any
 * other line is a condition in plain language that the tenant's language model judges. A line
 * that starts with 'input:' checks the user's message instead of the answer.
 *
 * Declared once: the server's engine, the save validation and the Guardrails tab's hints all
 * read this list.
 */
export const GUARDRAIL_LOCAL_CHECKS = [
  {
    kind: 'must-not-match',
    prefix: 'must not match:',
    example: 'must not match: \\b(?:price|cost)s?\\b',
    help: 'fails when the regular expression is found',
  },
  {
    kind: 'must-match',
    prefix: 'must match:',
    example: 'must match: ^Dear ',
    help: 'fails when the regular expression is not found',
  },
  {
    kind: 'must-not-contain',
    prefix: 'must not contain:',
    example: 'must not contain: guarantee, refund',
    help: 'fails when one of the words is found (whole words, any case)',
  },
  {
    kind: 'must-contain',
    prefix: 'must contain:',
    example: 'must contain: handbook',
    help: 'fails when none of the words is found (whole words, any case)',
  },
  {
    kind: 'no-personal-data',
    prefix: 'no personal data',
    example: 'no personal data: email, phone, iban, credit card',
    help: 'fails on an e-mail address, phone number, IBAN or credit card number (all four, or those named)',
  },
  {
    kind: 'valid-json',
    prefix: 'valid json',
    example: 'valid json',
    help: 'fails when the whole answer is not one JSON value',
  },
  {
    kind: 'must-cite-a-source',
    prefix: 'must cite a source',
    example: 'must cite a source',
    help: "fails when the answer names none of its sources (a passage's [number] or its document's name)",
  },
] as const;

export type GuardrailLocalKind = (typeof GUARDRAIL_LOCAL_CHECKS)[number]['kind'];
export type GuardrailKind = GuardrailLocalKind | 'judged';

export const PERSONAL_DATA_KINDS = ['email', 'phone', 'iban', 'credit card'] as const;
export type PersonalDataKind = (typeof PERSONAL_DATA_KINDS)[number];

/** Written before a condition that checks the user's message rather than the answer. */
export const GUARDRAIL_INPUT_PREFIX = 'input:';

export interface ParsedGuardrailCondition {
  /** The line as the designer wrote it (trimmed): what a failure names. */
  condition: string;
  target: 'input' | 'output';
  kind: GuardrailKind;
  /** What follows the check's words: a regex, words, personal data kinds, or the plain-language text. */
  argument: string;
}

/** Which check a condition line is, by its first words (any case). Pure: no compiling here. */
export function parseGuardrailCondition(line: string): ParsedGuardrailCondition {
  const condition = line.trim();
  let rest = condition;
  let target: 'input' | 'output' = 'output';
  if (rest.toLowerCase().startsWith(GUARDRAIL_INPUT_PREFIX)) {
    target = 'input';
    rest = rest.slice(GUARDRAIL_INPUT_PREFIX.length).trim();
  }
  const lower = rest.toLowerCase();
  for (const check of GUARDRAIL_LOCAL_CHECKS) {
    if (!lower.startsWith(check.prefix)) continue;
    const after = rest.slice(check.prefix.length);
    // 'no personal data' may be followed by ': kinds'; a word run on ('valid jsonish') is not the check.
    if (after.length > 0 && !check.prefix.endsWith(':') && !/^\s*(:|$)/.test(after)) continue;
    return { condition, target, kind: check.kind, argument: after.replace(/^\s*:?/, '').trim() };
  }
  return { condition, target, kind: 'judged', argument: rest };
}

/** Words of a keyword check: comma separated, quotes optional, blanks dropped. */
export const guardrailWords = (argument: string): string[] =>
  argument
    .split(',')
    .map((word) =>
      word
        .trim()
        .replace(/^["']|["']$/g, '')
        .trim(),
    )
    .filter((word) => word.length > 0);

/** Personal data kinds named after 'no personal data:', all of them when none is named. */
export function personalDataKindsOf(argument: string): PersonalDataKind[] | { unknown: string } {
  const named = guardrailWords(argument).map((word) => word.toLowerCase().replace(/[\s_-]+/g, ' '));
  if (named.length === 0) return [...PERSONAL_DATA_KINDS];
  const aliases: Record<string, PersonalDataKind> = {
    email: 'email',
    'e mail': 'email',
    'email address': 'email',
    phone: 'phone',
    'phone number': 'phone',
    telephone: 'phone',
    iban: 'iban',
    'credit card': 'credit card',
    card: 'credit card',
    'credit card number': 'credit card',
  };
  const kinds: PersonalDataKind[] = [];
  for (const word of named) {
    const kind = aliases[word];
    if (!kind) return { unknown: word };
    if (!kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
}

/** The Guardrails tab's and the API's texts (Parley's own; the spec names only the two fields). */
export const GUARDRAIL_MESSAGES = {
  /** What the user gets when the guardrails message is left empty. */
  defaultGuardrailsMessage: "Sorry, I can't help with that.",
  blockedNotice: (condition: string) => `A guardrail stopped this answer: ${condition}`,
  inputBlockedNotice: (condition: string) => `A guardrail stopped this message: ${condition}`,
  regexInvalid: (pattern: string, why: string) => `Invalid regex: ${pattern} (${why})`,
  wordsMissing: (prefix: string) => `'${prefix}' needs at least one word after it.`,
  personalDataUnknown: (word: string) =>
    `Unknown personal data '${word}': write email, phone, iban or credit card.`,
  judgedEmpty: 'A guardrail condition cannot be empty.',
  judgeUnavailable: 'The language model that judges the guardrail conditions could not be reached.',
} as const;
