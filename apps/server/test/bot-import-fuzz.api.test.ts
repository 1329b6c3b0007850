import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BUNDLE_FORMAT_VERSION } from '../src/bot-bundle/bundle-codec';
import { type AdminWorld, as, buildAdminWorld, type Call, expectStatus } from './support/admin-world';
import {
  botNames,
  exportBotFile,
  importUrl,
  minimalBundle,
  openBotFile,
  STAGING_URL,
  sealBotFile,
  uploadBotFile,
} from './support/bot-bundles';
import { createIntent, multipartBody } from './support/bot-content';
import { botPath, createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { startTestServer, type TestServer } from './support/test-server';

const HOSTILE_VALUES: unknown[] = [
  null,
  [],
  [[[]]],
  {},
  { a: { b: { c: {} } } },
  'x'.repeat(100_000),
  '',
  ' ',
  '\u0000\u0001',
  '𝕏😀\u202e\ufeff',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  -1,
  2 ** 53 + 1,
  1e308,
  true,
  'true',
  [{ name: '__proto__' }],
  [{ name: 'None', utterances: ['x'] }],
  [{ name: 'A1', type: 'regexentities', regexes: ['(a+)+$', '[', '\\p{Foo}'], examples: ['aaaa'] }],
  [{ name: 'A1', type: 'closedlists', sublists: [{ canonicalForm: 'x', list: 'y' }] }],
  [{ type: 'code', name: 'C1', code: 'while(true){}' }],
  [{ type: 'llm', name: 'L1', completionsData: { stop: [1, 2] } }],
  [{ name: 'v', value: 'x', isGlobal: 'yes' }],
  [
    {
      name: 'o',
      properties: [
        { key: '__proto__', value: 'p' },
        { key: '__PROTO__', value: 'q' },
      ],
    },
  ],
  Array.from({ length: 3000 }, (_, i) => ({ name: `item${i}` })),
  { __proto__x: 1, constructor: { prototype: { polluted: true } } },
];

const HOSTILE_QUERY_VALUES = [
  '',
  ' ',
  '%00',
  '%F0%9F%98%80',
  'a'.repeat(5000),
  'none',
  'true',
  '__proto__',
  '[]',
];

/** Whether an error answer is `{code, ...}` JSON. */
function hasCode(body: string): boolean {
  try {
    return typeof JSON.parse(body).code === 'string';
  } catch {
    return false;
  }
}

/**
 * Hostile input to export, staging and import: files of every shape (sealed with the shared key,
 * so they reach the content rules), query strings and path values. Nothing may answer 5xx, every
 * refusal carries a catalogue code, and nothing but the accepted imports creates a bot.
 */
describe.each(testDatabases())('hostile input to bot export and import on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  let admin: Call;
  let good: Buffer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
    admin = as(server, world.tenantAdmin);
    await createBot(admin, 'Fuzz Source');
    await createIntent(admin, 'Fuzz Source', { name: 'Greeting', utterances: ['hello', 'hi there'] });
    good = await exportBotFile(admin, 'Fuzz Source');
  });
  afterAll(() => server?.close());

  const failures: string[] = [];
  const check = (label: string, status: number, body: string) => {
    if (status >= 500) failures.push(`${label} -> ${status} ${body.slice(0, 300)}`);
    else if (status >= 400 && !hasCode(body)) failures.push(`${label} -> ${status} no code`);
  };
  const validChoice = { name: 'Fuzzed Import', region: 'eu-west', recognizer: 'parley', language: 'en' };

  test('hostile bundle content, section by section and item by item, never answers 5xx', async () => {
    const sections = Object.keys(openBotFile(good).sections);
    const files: Array<[string, Buffer]> = [];
    for (const value of HOSTILE_VALUES) {
      const label = JSON.stringify(value)?.slice(0, 40);
      files.push([`whole ${label}`, sealBotFile(value)]);
      files.push([`bot ${label}`, sealBotFile({ ...minimalBundle(), bot: value })]);
      files.push([`sections ${label}`, sealBotFile({ ...minimalBundle(), sections: value })]);
      for (const section of sections) {
        files.push([`${section} ${label}`, sealBotFile(minimalBundle({ [section]: value }))]);
        files.push([`${section} item ${label}`, sealBotFile(minimalBundle({ [section]: [value] }))]);
      }
    }
    for (const [label, data] of files) {
      const response = await uploadBotFile(server, world.tenantAdmin.token, STAGING_URL, data);
      check(`staging ${label}`, response.statusCode, response.body);
    }
    // A sample through the import too: it runs the same rules in a real transaction.
    for (const [label, data] of files.filter((_, i) => i % 7 === 0)) {
      const response = await uploadBotFile(server, world.tenantAdmin.token, importUrl(validChoice), data);
      check(`import ${label}`, response.statusCode, response.body);
      if (response.statusCode === 200) expectStatus(await admin('DELETE', botPath(validChoice.name)), 204);
    }
    expect(failures).toEqual([]);
  });

  test('hostile bytes, headers and multipart bodies never answer 5xx', async () => {
    const headerOnly = good.subarray(0, 60);
    const uploads: Array<[string, Buffer | string]> = [
      ['empty', ''],
      ['magic only', 'PARLEYBOT\n'],
      ['magic and version 0', Buffer.concat([Buffer.from('PARLEYBOT\n'), Buffer.from([0, 0])])],
      ['magic and version 65535', Buffer.concat([Buffer.from('PARLEYBOT\n'), Buffer.from([0xff, 0xff])])],
      ['header only', headerOnly],
      ['random after magic', Buffer.concat([Buffer.from('PARLEYBOT\n'), Buffer.alloc(4096, 0x7f)])],
      ['gzip of JSON', Buffer.from('1f8b0800000000000003abae0500a7d4d1a702000000', 'hex')],
      ['zip', Buffer.from('PK\u0003\u0004 not really a zip')],
      ['0xff', Buffer.alloc(4096, 0xff)],
      [
        'version bumped',
        Buffer.concat([good.subarray(0, 10), Buffer.from([0, BUNDLE_FORMAT_VERSION + 7]), good.subarray(12)]),
      ],
      [
        'length field huge',
        Buffer.concat([good.subarray(0, 49), Buffer.from([0xff, 0xff, 0xff, 0xff]), good.subarray(53)]),
      ],
    ];
    for (const url of [STAGING_URL, importUrl(validChoice)]) {
      for (const [label, data] of uploads) {
        for (const field of ['bot-file', 'intent-file']) {
          const { payload, contentType } = multipartBody(field, 'x.enc', data);
          const response = await server.request({
            method: 'POST',
            url,
            token: world.tenantAdmin.token,
            body: payload,
            headers: { 'content-type': contentType },
          });
          check(`${url} ${field} ${label}`, response.statusCode, response.body);
        }
      }
      for (const [body, contentType] of [
        [
          '--nope\r\nContent-Disposition: form-data; name="bot-file"\r\n\r\nunterminated',
          'multipart/form-data; boundary=nope',
        ],
        ['{}', 'multipart/form-data'],
        ['{"bot-file":"x"}', 'application/json'],
        ['bot-file=x', 'application/x-www-form-urlencoded'],
      ]) {
        const response = await server.request({
          method: 'POST',
          url,
          token: world.tenantAdmin.token,
          body,
          headers: { 'content-type': contentType as string },
        });
        check(`${url} raw ${contentType}`, response.statusCode, response.body);
      }
    }
    expect(failures).toEqual([]);
  });

  test('hostile query strings and path values never answer 5xx, and create no bot', async () => {
    const before = await botNames(admin);
    for (const field of ['name', 'region', 'recognizer', 'language', 'nluAutomate', 'acceptAdditionalCost']) {
      for (const value of HOSTILE_QUERY_VALUES) {
        const query = `${new URLSearchParams({ ...validChoice, nluAutomate: 'false' }).toString().replace(new RegExp(`${field}=[^&]*`), '')}&${field}=${value}`;
        const response = await uploadBotFile(
          server,
          world.tenantAdmin.token,
          `/api/bots/import?${query}`,
          good,
        );
        check(`import ${field}=${value.slice(0, 20)}`, response.statusCode, response.body);
        if (response.statusCode === 200) await admin('DELETE', botPath(response.json().bot.botName));
      }
      const repeated = await uploadBotFile(
        server,
        world.tenantAdmin.token,
        `/api/bots/import?${new URLSearchParams(validChoice).toString()}&${field}=a&${field}=b`,
        good,
      );
      check(`import repeated ${field}`, repeated.statusCode, repeated.body);
    }
    for (const value of [
      '__proto__',
      'constructor',
      '..%2F..%2Fetc',
      '%00',
      '%F0%9F%98%80',
      'a'.repeat(300),
      'import',
      'templates',
    ]) {
      const response = await admin('GET', `/api/bots/${value}/export`);
      check(`export ${value.slice(0, 20)}`, response.statusCode, response.body);
    }
    expect(failures).toEqual([]);
    expect(await botNames(admin)).toEqual(before);
  });
});
