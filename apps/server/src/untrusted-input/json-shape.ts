/** How deep and how many values a JSON text may hold before it is parsed. */
export interface JsonShapeLimits {
  maxDepth: number;
  /** Arrays, objects and scalars together: each costs memory once parsed (a 60 KB file held 62 MB of arrays). */
  maxValues: number;
}

export type JsonShapeProblem = 'too-deep' | 'too-many-values';

export class JsonShapeError extends Error {
  constructor(readonly problem: JsonShapeProblem) {
    super(problem);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_SQUARE = 0x5b;
const OPEN_CURLY = 0x7b;
const CLOSE_SQUARE = 0x5d;
const CLOSE_CURLY = 0x7d;
const COMMA = 0x2c;

/**
 * One linear pass over the bytes, outside strings: nesting depth and a count of values, so a
 * small text that would expand into millions of arrays (or recurse JSON.parse into a stack
 * overflow) is refused before JSON.parse builds anything. It does not check the syntax:
 * JSON.parse still does that afterwards.
 */
export function assertJsonShape(text: Uint8Array | string, limits: JsonShapeLimits): void {
  // JSON's structural characters are ASCII: a string's UTF-16 units can be read like bytes.
  const codeAt =
    typeof text === 'string' ? (i: number) => text.charCodeAt(i) : (i: number) => text[i] as number;
  let depth = 0;
  let values = 0;
  let isInString = false;
  let hasValueSinceSeparator = false;
  for (let i = 0; i < text.length; i++) {
    const byte = codeAt(i);
    if (isInString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) isInString = false;
      continue;
    }
    switch (byte) {
      case QUOTE:
        isInString = true;
        hasValueSinceSeparator = true;
        break;
      case OPEN_SQUARE:
      case OPEN_CURLY:
        depth++;
        values++;
        if (depth > limits.maxDepth) throw new JsonShapeError('too-deep');
        hasValueSinceSeparator = false;
        break;
      case CLOSE_SQUARE:
      case CLOSE_CURLY:
        if (hasValueSinceSeparator) values++;
        depth--;
        hasValueSinceSeparator = true;
        break;
      case COMMA:
        if (hasValueSinceSeparator) values++;
        hasValueSinceSeparator = false;
        break;
      case 0x20:
      case 0x0a:
      case 0x0d:
      case 0x09:
      case 0x3a: // ':' between a key and its value: the key was counted as a value, which errs on the safe side
        break;
      default:
        hasValueSinceSeparator = true;
    }
    if (values > limits.maxValues) throw new JsonShapeError('too-many-values');
  }
}

/** JSON.parse after the shape check; throws JsonShapeError or SyntaxError. */
export function parseJsonWithin(text: Uint8Array | string, limits: JsonShapeLimits): unknown {
  assertJsonShape(text, limits);
  return JSON.parse(typeof text === 'string' ? text : Buffer.from(text).toString('utf8'));
}
