import type { InboundActivity } from '@parley/contracts';
import { optionChosenByNumber } from '../messaging/text-fallback';

/** What an Alexa user said in one request, with the options the bot read out just before. */
export interface AlexaUtterance {
  text: string;
  offeredOptions: readonly string[];
  /** The word the options were read with ('option': 'say option 1 for ...'). */
  optionsWord: string;
}

const NUMBER_WORDS: Record<string, string> = {
  one: '1',
  first: '1',
  two: '2',
  second: '2',
  three: '3',
  third: '3',
  four: '4',
  fourth: '4',
  five: '5',
  fifth: '5',
  six: '6',
  sixth: '6',
  seven: '7',
  seventh: '7',
  eight: '8',
  eighth: '8',
  nine: '9',
  ninth: '9',
  ten: '10',
  tenth: '10',
};

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((word) => word !== '');

/**
 * The option a spoken answer picks: 'option one', 'number 2', 'the third one', '3' by its number
 * (as the options were read out), or the option's own words in any case.
 */
export function spokenOptionChoice(
  text: string,
  options: readonly string[],
  optionsWord: string,
): string | undefined {
  if (options.length === 0) return undefined;
  const words = wordsOf(text);
  const byName = options.find((option) => wordsOf(option).join(' ') === words.join(' '));
  if (byName !== undefined) return byName;
  const fillers = new Set(['the', 'number', 'one', 'please', ...wordsOf(optionsWord)]);
  const numbers = words.map((word) => NUMBER_WORDS[word] ?? word).filter((word) => /^\d+$/.test(word));
  const rest = words.filter((word) => !(word in NUMBER_WORDS) && !/^\d+$/.test(word) && !fillers.has(word));
  // 'one' is a filler in 'the third one', and the number in 'option one'.
  const number = numbers.length > 1 ? numbers.find((n) => n !== '1' || !words.includes('one')) : numbers[0];
  if (number === undefined || rest.length > 0) return undefined;
  return optionChosenByNumber(number, options);
}

/** The runtime's activity for what the user said: a chosen option is a click, anything else text. */
export function activityOfUtterance(utterance: AlexaUtterance): InboundActivity {
  const chosen = spokenOptionChoice(utterance.text, utterance.offeredOptions, utterance.optionsWord);
  return chosen !== undefined ? { type: 'click', text: chosen } : { type: 'text', text: utterance.text };
}
