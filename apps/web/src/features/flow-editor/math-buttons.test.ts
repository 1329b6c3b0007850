import { describe, expect, it } from 'vitest';
import { evaluateEquation } from '../../../../../packages/runtime/src/math-expression';
import { insertMath, MATH_BUTTONS } from './math-buttons';

const button = (name: string) => MATH_BUTTONS.find((candidate) => candidate.name === name)!;

describe('math buttons', () => {
  it('offers + - × ÷ √ and power', () => {
    expect(MATH_BUTTONS.map((entry) => entry.label)).toEqual(['+', '-', '×', '÷', '√', 'xʸ']);
  });

  it('writes at the cursor and puts the cursor after it', () => {
    expect(insertMath('[a]', 3, 3, button('Plus'))).toEqual({ text: '[a] + ', caret: 6 });
    expect(insertMath('[a] [b]', 4, 4, button('Times'))).toEqual({ text: '[a] × [b]', caret: 6 });
    expect(insertMath('2', 1, 1, button('Power'))).toEqual({ text: '2^', caret: 2 });
    expect(insertMath('[a]', 3, 3, button('Square root'))).toEqual({ text: '[a]^(1/2)', caret: 9 });
  });

  it('replaces a selection, or takes its root or power', () => {
    expect(insertMath('[a] x [b]', 4, 5, button('Minus'))).toEqual({ text: '[a] - [b]', caret: 5 });
    expect(insertMath('[a] + [b]', 0, 9, button('Square root'))).toEqual({
      text: '([a] + [b])^(1/2)',
      caret: 17,
    });
  });

  it('writes what the runtime computes: the square root as the power 1/2', () => {
    const numbers: Record<string, number> = { a: 16, b: 3 };
    const run = (equation: string) => evaluateEquation(equation, (name) => numbers[name] ?? null);
    let equation = '';
    for (const [name, operand] of [
      ['', '[a]'],
      ['Square root', ''],
      ['Plus', '[b]'],
      ['Times', '2'],
      ['Minus', '1'],
      ['Divided by', '4'],
      ['Power', '2'],
    ] as const) {
      if (name) equation = insertMath(equation, equation.length, equation.length, button(name)).text;
      equation += operand;
    }
    expect(equation).toBe('[a]^(1/2) + [b] × 2 - 1 ÷ 4^2');
    expect(run(equation)).toBeCloseTo(4 + 6 - 1 / 16);
    expect(run(insertMath('[a] + 9', 0, 7, button('Square root')).text)).toBe(5);
  });
});
