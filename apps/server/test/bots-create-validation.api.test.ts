import { BOT_MESSAGES } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AdminWorld, as, buildAdminWorld, type Call } from './support/admin-world';
import { overviewNames } from './support/bots';
import { testDatabases } from './support/databases';
import { startTestServer, type TestServer } from './support/test-server';

const M = BOT_MESSAGES;
const valid = { name: 'Valid Bot', region: 'eu-west', language: 'en' };

/**
 * Every kind of bad create payload gets a 400 validation_error naming the field with the spec's
 * message, and creates nothing.
 */
describe.each(testDatabases())('creating a bot with bad input on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  let admin: Call;

  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
    admin = as(server, world.tenantAdmin);
  });
  afterAll(() => server?.close());

  test.each([
    ['no body', undefined, 'name', M.invalidBotName],
    ['an empty object', {}, 'name', M.invalidBotName],
    ['an empty name', { ...valid, name: '' }, 'name', M.invalidBotName],
    ['a blank name', { ...valid, name: '    ' }, 'name', M.invalidBotName],
    ['a name with a dot', { ...valid, name: 'my.bot' }, 'name', M.invalidBotName],
    ['a name with a slash', { ...valid, name: 'a/b' }, 'name', M.invalidBotName],
    ['a name with an apostrophe', { ...valid, name: "Bob's bot" }, 'name', M.invalidBotName],
    ['a name with an umlaut', { ...valid, name: 'Grüße' }, 'name', M.invalidBotName],
    ['a name with an emoji', { ...valid, name: 'bot 🤖' }, 'name', M.invalidBotName],
    ['a name with a tab', { ...valid, name: 'a\tb' }, 'name', M.invalidBotName],
    ['a name with a NUL character', { ...valid, name: 'a\u0000b' }, 'name', M.invalidBotName],
    ['a name of 51 characters', { ...valid, name: 'n'.repeat(51) }, 'name', M.botNameTooLong],
    ['a name of 10,000 characters', { ...valid, name: 'n'.repeat(10_000) }, 'name', M.botNameTooLong],
    ['a name that is a number', { ...valid, name: 7 }, 'name', M.invalidBotName],
    ['a name that is a list', { ...valid, name: ['a'] }, 'name', M.invalidBotName],
    ['no region', { name: 'x1', language: 'en' }, 'region', M.selectRegion],
    ['an unknown region', { ...valid, region: 'ap-south-1' }, 'region', M.selectRegion],
    ['a region of the wrong type', { ...valid, region: { id: 'eu-west' } }, 'region', M.selectRegion],
    ['no language', { name: 'x1', region: 'eu-west' }, 'language', M.selectLanguage],
    ['an empty language', { ...valid, language: '' }, 'language', M.selectLanguage],
    ['a language of the wrong type', { ...valid, language: 1 }, 'language', M.selectLanguage],
    ['a language Parley NLU does not know', { ...valid, language: 'ja-jp' }, 'language', M.invalidLanguage],
    [
      'a language the chosen engine does not know',
      { ...valid, recognizer: 'parley', language: 'en-us' },
      'language',
      M.invalidLanguage,
    ],
    [
      'an engine Parley cannot publish to yet',
      { ...valid, recognizer: 'watson', language: 'en' },
      'recognizer',
      M.unavailableRecognizer('IBM Watson Assistant'),
    ],
    [
      'an unknown language without recognizer',
      { ...valid, recognizer: 'none', language: 'elvish' },
      'language',
      M.invalidLanguage,
    ],
    [
      'a language no engine knows, with Automate',
      { ...valid, nluAutomate: true, language: 'gu-in' },
      'language',
      M.invalidLanguage,
    ],
    ['an unknown recognizer', { ...valid, recognizer: 'eliza' }, 'recognizer', M.invalidRecognizer],
    [
      'an entity-only engine as recognizer',
      { ...valid, recognizer: 'stanford' },
      'recognizer',
      M.invalidRecognizer,
    ],
    [
      'the retired LUIS',
      { ...valid, recognizer: 'luis', language: 'en-us' },
      'recognizer',
      M.retiredRecognizer('Microsoft LUIS'),
    ],
    [
      'the unconfigurable Nuance',
      { ...valid, recognizer: 'nuance', language: 'en-us' },
      'recognizer',
      M.unconfigurableRecognizer('Nuance NLU'),
    ],
    ['a recognizer of the wrong type', { ...valid, recognizer: true }, 'recognizer', M.invalidRecognizer],
    [
      'Automate without a recognizer',
      { ...valid, recognizer: 'none', nluAutomate: true },
      'nluAutomate',
      M.automateNeedsRecognizer,
    ],
    [
      'Automate as text',
      { ...valid, nluAutomate: 'true' },
      'nluAutomate',
      'nluAutomate must be true or false.',
    ],
    [
      'an unknown create type',
      { ...valid, createType: 'copy' },
      'createType',
      "createType must be 'scratch' or 'template'.",
    ],
    [
      'a template case without template',
      { name: 'x1', region: 'eu-west', createType: 'template' },
      'template',
      M.selectTemplate,
    ],
    [
      'a template that is no .enc file',
      { name: 'x1', region: 'eu-west', createType: 'template', template: '../../etc/passwd' },
      'template',
      M.selectTemplate,
    ],
    [
      'a template that does not exist',
      { name: 'x1', region: 'eu-west', createType: 'template', template: 'nothing.enc' },
      'template',
      M.selectTemplate,
    ],
  ])('%s: 400 with the message at its field', async (_case, body, fieldName, message) => {
    const response = await admin('POST', '/api/bot', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation_error', message, fieldName });
    expect(await overviewNames(admin)).toEqual([]);
  });

  test.each([
    ['a body that is not JSON', '{"name": ', 'application/json'],
    ['a JSON list', '[1,2]', 'application/json'],
    ['a JSON string', '"bot"', 'application/json'],
    ['plain text', 'name=bot', 'text/plain'],
  ])('%s is a 4xx with a catalogue code, never a 500', async (_case, payload, contentType) => {
    const response = await server.request({
      method: 'POST',
      url: '/api/bot',
      token: world.tenantAdmin.token,
      body: payload,
      headers: { 'content-type': contentType },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(['validation_error', 'custom_error']).toContain(response.json().code);
    expect(await overviewNames(admin)).toEqual([]);
  });

  test('bad query values of /api/bots/ids are a 400', async () => {
    const response = await admin('GET', '/api/bots/ids?tenantId=a%00b');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error', fieldName: 'tenantId' });
  });
});
