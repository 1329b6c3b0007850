import { type InboundActivity, textOfActivity } from '../activities';

/**
 * Which of the offered options an answer picks: the button's text (a click, or typed with any
 * case and spacing), or its number ('2' for the second). -1 when it picks none.
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
  return -1;
}

/** `option-1`, `option-2`, ...: the exits of options, as the declarations name them. */
export const optionExit = (index: number) => `option-${index + 1}`;
