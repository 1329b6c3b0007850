import { RunFailure } from './run-failure';

/**
 * What a run hands back must survive JSON: dates become ISO text, binary becomes base64,
 * big integers become numbers when exact (else text), NaN and Infinity become null.
 */
export function toJsonSafe(value: unknown): unknown {
  if (value === undefined) return null;
  let text: string | undefined;
  try {
    text = JSON.stringify(value, function replace(this: unknown, key: string, current: unknown) {
      const raw = (this as Record<string, unknown>)[key];
      if (raw instanceof Uint8Array) return Buffer.from(raw).toString('base64');
      if (typeof current === 'bigint') {
        return current <= BigInt(Number.MAX_SAFE_INTEGER) && current >= BigInt(Number.MIN_SAFE_INTEGER)
          ? Number(current)
          : current.toString();
      }
      if (typeof current === 'number' && !Number.isFinite(current)) return null;
      return current;
    });
  } catch (error) {
    throw new RunFailure('The result cannot be converted to JSON', (error as Error).message);
  }
  return text === undefined ? null : JSON.parse(text);
}
