import type { Dispatcher } from 'undici';
import { RunFailure } from '../run-failure';

/** Reads at most `limit` bytes of a response body; a larger body is cut off with a failure. */
export async function readLimitedBody(response: Dispatcher.ResponseData, limit: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    response.body.destroy();
    throw tooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      response.body.destroy();
      throw tooLarge(limit);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function tooLarge(limit: number) {
  return new RunFailure(`The response is larger than ${formatBytes(limit)}`);
}

export function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** JSON when the server says JSON (or sends no type and it parses), text otherwise. */
export function parseBody(body: Buffer, contentType: string | undefined): unknown {
  const text = body.toString('utf8');
  const type = (contentType ?? '').toLowerCase();
  const saysJson = /[/+]json\b/.test(type);
  if (saysJson || (type === '' && /^\s*[[{]/.test(text))) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Response headers as plain values; repeated headers stay lists. */
export function plainHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string | string[]> {
  const plain: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) plain[name] = value;
  }
  return plain;
}
