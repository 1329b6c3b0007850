import { type InboundActivity, textOfActivity } from '../activities';

/**
 * Which of the offered options an answer picks: the button's text (a click, or typed with any
 * case and spacing), its number ('2' for the second), or the words it starts with when they fit
 * one option only ('no' for 'No, keep it'). -1 when it picks none.
 */
export function chosenOption(options: readonly string[], answer: InboundActivity): number {
  const text = textOfActivity(answer).trim();
  if (text === '') return -1;
  const byText = options.findIndex((option) => option.trim().toLowerCase() === text.toLowerCase());
  if (byText >= 0) return byText;
  if (/^\d{1,2}$/.test(text)) {
    const index = Number(text) - 1;
    return index >= 0 && index < options.length ? index : -1;
  }
  const typed = words(text);
  const starting = options
    .map((option, index) => ({ index, start: words(option).slice(0, typed.length) }))
    .filter(({ start }) => start.length === typed.length && start.every((word, i) => word === typed[i]));
  return starting.length === 1 ? (starting[0]?.index ?? -1) : -1;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');

/** `option-1`, `option-2`, ...: the exits of options, as the declarations name them. */
export const optionExit = (index: number) => `option-${index + 1}`;
