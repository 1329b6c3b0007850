/**
 * The simple calculation block's math buttons (spec 03 section 9: + - × ÷ √ and power). They
 * write what the runtime's equation reader understands (packages/runtime math-expression.ts):
 * the four operators as shown, power as '^', and the square root as the power 1/2, '^(1/2)'.
 */
export interface MathButton {
  /** What the button shows. */
  label: string;
  /** Its accessible name. */
  name: string;
  /** What it writes at the cursor. */
  text: string;
}

export const MATH_BUTTONS: readonly MathButton[] = [
  { label: '+', name: 'Plus', text: ' + ' },
  { label: '-', name: 'Minus', text: ' - ' },
  { label: '×', name: 'Times', text: ' × ' },
  { label: '÷', name: 'Divided by', text: ' ÷ ' },
  { label: '√', name: 'Square root', text: '^(1/2)' },
  { label: 'xʸ', name: 'Power', text: '^' },
];

/**
 * The equation with a button's text put at the cursor, replacing any selection; a root or a
 * power applies to the whole selection, which is put in brackets. The cursor goes after it.
 *
 * @example insertMath('[a]', 3, 3, MATH_BUTTONS[4]) // { text: '[a]^(1/2)', caret: 9 }
 */
export function insertMath(
  equation: string,
  start: number,
  end: number,
  button: MathButton,
): { text: string; caret: number } {
  const selected = equation.slice(start, end);
  const isPower = button.text.startsWith('^');
  const inserted = isPower && selected.trim() !== '' ? `(${selected})${button.text}` : button.text;
  // No doubled spaces when the equation already has one on either side.
  const before = equation.slice(0, start);
  const after = equation.slice(end);
  const text = `${before}${before.endsWith(' ') ? inserted.trimStart() : inserted}`;
  const tidy = after.startsWith(' ') ? text.trimEnd() : text;
  return { text: `${tidy}${after}`, caret: tidy.length };
}
