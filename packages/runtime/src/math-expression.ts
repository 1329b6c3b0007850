/**
 * The simple calculation block's equation (spec 03 section 9's math buttons: + - × ÷ √ and
 * power), read by a small parser: never `eval`, so an equation can compute and nothing else.
 *
 *   expression := term (('+' | '-') term)*
 *   term       := power (('*' | '×' | '/' | '÷') power)*
 *   power      := unary ('^' power)?          right-associative
 *   unary      := ('-' | '+' | '√') unary | primary
 *   primary    := number | [Variable] | '(' expression ')'
 */
export class MathError extends Error {}

const MAX_LENGTH = 1000;
const TOKEN = /\s*(\d+(?:[.,]\d+)?|\[[^\][\n]{1,100}\]|\*\*|[-+*/×÷√^()])/y;

export function evaluateEquation(equation: string, numberNamed: (name: string) => number | null): number {
  if (equation.length > MAX_LENGTH) throw new MathError('The equation is too long.');
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < equation.length) {
    if (equation.slice(at).trim() === '') break;
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(equation);
    if (!match)
      throw new MathError(`The equation cannot be read at "${equation.slice(at, at + 10).trim()}".`);
    tokens.push(match[1] === '**' ? '^' : (match[1] as string));
    at = TOKEN.lastIndex;
  }
  let position = 0;
  const peek = () => tokens[position];
  const take = () => tokens[position++];

  const primary = (): number => {
    const token = take();
    if (token === undefined) throw new MathError('The equation ends too early.');
    if (token === '(') {
      const value = expression();
      if (take() !== ')') throw new MathError('A bracket is not closed.');
      return value;
    }
    if (token.startsWith('[')) {
      const name = token.slice(1, -1).trim();
      const value = numberNamed(name);
      if (value === null) throw new MathError(`Variable ${name} has no number.`);
      return value;
    }
    if (/^\d/.test(token)) return Number(token.replace(',', '.'));
    throw new MathError(`"${token}" is out of place.`);
  };
  const unary = (): number => {
    const token = peek();
    if (token === '-' || token === '+' || token === '√') {
      take();
      const value = unary();
      if (token === '-') return -value;
      if (token === '√') return value ** 0.5;
      return value;
    }
    return primary();
  };
  const power = (): number => {
    const base = unary();
    if (peek() !== '^') return base;
    take();
    return base ** power();
  };
  const term = (): number => {
    let value = power();
    for (let op = peek(); op === '*' || op === '×' || op === '/' || op === '÷'; op = peek()) {
      take();
      const right = power();
      value = op === '*' || op === '×' ? value * right : value / right;
    }
    return value;
  };
  const expression = (): number => {
    let value = term();
    for (let op = peek(); op === '+' || op === '-'; op = peek()) {
      take();
      const right = term();
      value = op === '+' ? value + right : value - right;
    }
    return value;
  };

  if (tokens.length === 0) throw new MathError('The equation is empty.');
  const result = expression();
  if (position < tokens.length) throw new MathError(`"${tokens[position]}" is out of place.`);
  if (!Number.isFinite(result)) throw new MathError('The result is not a finite number.');
  return result;
}

/** A result as the block's formatting choice writes it; rounding noise (0.1 + 0.2) is dropped. */
export function formatResult(value: number, style: string | undefined): number | string {
  const clean = Number(value.toPrecision(12));
  if (style === 'Format with comma as decimal') return String(clean).replace('.', ',');
  if (style === 'Format with dot as decimal') return String(clean);
  return clean;
}
