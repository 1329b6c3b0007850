import { multipartBody } from './bot-content';
import type { TestServer } from './test-server';

/**
 * What every area's fuzz test sends: hostile values for whole bodies and for each field,
 * raw JSON texts (prototype-pollution keys cannot be written as object literals), hostile
 * path parameters, and the log that collects 5xx answers and refusals without a catalogue
 * code. Each area adds values that matter to it (regexes, placeholders, nested functions).
 */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  [],
  [[[]]],
  {},
  { a: { b: { c: { d: { e: {} } } } } },
  'x'.repeat(200_000),
  '',
  ' ',
  '\u0000\u0001',
  '𝕏😀\u202e\ufeff',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '=cmd|/C calc!A0',
  -1,
  0,
  3.5,
  2 ** 53 + 1,
  1e308,
  true,
  false,
  'true',
  { __proto__x: 1, a: { nested: true } },
];

export const HOSTILE_RAW_BODIES: readonly string[] = [
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  'null',
  '[]',
  '"text"',
  '42',
  '{"name":',
  '{}'.repeat(1000),
];

export const HOSTILE_PARAMS: readonly string[] = [
  '__proto__',
  'constructor',
  '..%2F..%2Fetc',
  '%00',
  '%F0%9F%98%80',
  'a'.repeat(300),
  '-1',
  'true',
];

/** The base body itself, each hostile value as the body, and per field: each value in it, and the field left out. */
export function hostileBodies(
  base: Record<string, unknown>,
  values: readonly unknown[] = HOSTILE_VALUES,
): unknown[] {
  const bodies: unknown[] = [...values, base];
  for (const field of Object.keys(base)) {
    for (const value of values) bodies.push({ ...base, [field]: value });
    const { [field]: _dropped, ...without } = base;
    bodies.push(without);
  }
  return bodies;
}

/** Whether an error answer is `{code, ...}` JSON. */
export function hasErrorCode(body: string): boolean {
  try {
    return typeof JSON.parse(body).code === 'string';
  } catch {
    return false;
  }
}

/** Counts what was sent and keeps each answer no API may give: a 5xx, or a 4xx without a code. */
export function createFuzzLog() {
  const failures: string[] = [];
  let sent = 0;
  return {
    failures,
    get sent() {
      return sent;
    },
    check(label: string, status: number, body: string): void {
      sent++;
      if (status >= 500) failures.push(`${label} -> ${status} ${body.slice(0, 200)}`);
      else if (status >= 400 && !hasErrorCode(body)) failures.push(`${label} -> ${status} no code`);
    },
  };
}

type FuzzLog = ReturnType<typeof createFuzzLog>;

/** A request as one caller whose answer goes into the log (and comes back for more checks). */
export function fuzzSender(server: TestServer, token: string, log: FuzzLog) {
  return async (method: string, url: string, body?: unknown, headers?: Record<string, string>) => {
    const response = await server.request({
      method: method as 'POST',
      url,
      token,
      ...(body !== undefined ? { body } : {}),
      ...(headers ? { headers } : {}),
    });
    log.check(`${method} ${url.slice(0, 120)}`, response.statusCode, response.body);
    return response;
  };
}

/** Sends each body as JSON (objects serialised, raw texts as they are) and logs the answers. */
export async function sendJsonBodies(
  server: TestServer,
  target: { method: string; url: string; token: string },
  bodies: { values: readonly unknown[]; raw: readonly string[] },
  log: FuzzLog,
): Promise<void> {
  const texts = [...bodies.values.map((b) => JSON.stringify(b)), ...bodies.raw];
  for (const text of texts) {
    const response = await server.request({
      method: target.method as 'POST',
      url: target.url,
      token: target.token,
      body: text,
      headers: { 'content-type': 'application/json' },
    });
    log.check(`${target.method} ${target.url} ${text.slice(0, 100)}`, response.statusCode, response.body);
  }
}

/** An upload route given a truncated multipart body and one without its boundary. */
export async function sendBrokenMultiparts(
  server: TestServer,
  target: { url: string; token: string; field: string },
  log: FuzzLog,
): Promise<void> {
  const truncated = await server.request({
    method: 'POST',
    url: target.url,
    token: target.token,
    body: `--nope\r\nContent-Disposition: form-data; name="${target.field}"\r\n\r\nunterminated`,
    headers: { 'content-type': 'multipart/form-data; boundary=nope' },
  });
  log.check(`POST ${target.url} truncated multipart`, truncated.statusCode, truncated.body);
  const { payload } = multipartBody(target.field, 'x.enc', '{}');
  const noBoundary = await server.request({
    method: 'POST',
    url: target.url,
    token: target.token,
    body: payload,
    headers: { 'content-type': 'multipart/form-data' },
  });
  log.check(`POST ${target.url} multipart without boundary`, noBoundary.statusCode, noBoundary.body);
}
