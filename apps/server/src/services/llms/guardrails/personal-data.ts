import type { PersonalDataKind } from '@parley/contracts';

/**
 * Personal data in a text (the 'no personal data' guardrail): e-mail addresses, phone numbers,
 * IBANs (checked with their mod-97 check digits) and credit card numbers (checked with Luhn), so
 * an order number or a date is not taken for one. Plain JavaScript regexes written here, each
 * without nested repetition (linear time); the text is capped by the caller.
 */
const EMAIL = /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}/;
/** '+' or '(' or a digit, then 7-15 digits with single spaces, dots, dashes or brackets between. */
const PHONE = /(?:^|[^\w+])(\+?\(?\d[\d ().-]{6,22}\d)(?!\w)/g;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4}){3,8}\b/g;
const CARD = /(?:^|[^\d])(\d(?:[ -]?\d){12,18})(?!\d)/g;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 13 && sum % 10 === 0;
}

export function ibanValid(candidate: string): boolean {
  const iban = candidate.replace(/ /g, '');
  if (iban.length < 15 || iban.length > 34) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}

const hasCard = (text: string) =>
  [...text.matchAll(CARD)].some((match) => luhnValid((match[1] as string).replace(/[ -]/g, '')));

const hasIban = (text: string) => [...text.toUpperCase().matchAll(IBAN)].some((match) => ibanValid(match[0]));

function hasPhone(text: string): boolean {
  for (const match of text.matchAll(PHONE)) {
    const candidate = match[1] as string;
    const digits = candidate.replace(/\D/g, '');
    if (digits.length < 7 || digits.length > 15) continue;
    // A date (2025-05-01), a time or a plain long number is not a phone number; a card is a card.
    if (/^\d{4}-\d{2}-\d{2}$/.test(candidate) || /^\d{1,2}[./]\d{1,2}[./]\d{2,4}$/.test(candidate)) continue;
    if (digits.length >= 13 && luhnValid(digits)) continue;
    if (/^\d+$/.test(candidate) && !candidate.startsWith('0')) continue;
    return true;
  }
  return false;
}

const DETECTORS: Record<PersonalDataKind, (text: string) => boolean> = {
  email: (text) => EMAIL.test(text),
  phone: hasPhone,
  iban: hasIban,
  'credit card': hasCard,
};

/** The first kind of personal data found in the text, of those asked for. */
export function findPersonalData(
  text: string,
  kinds: readonly PersonalDataKind[],
): PersonalDataKind | undefined {
  return kinds.find((kind) => DETECTORS[kind](text));
}
