import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BOT_MESSAGES,
  type BotTemplateSummary,
  type EntityView,
  type FunctionView,
  type IntentView,
  type NluTestResults,
  type VariablesAndObjects,
} from '@parley/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { readBundleContent } from '../src/bot-bundle/bundle-content';
import { type AdminWorld, as, buildAdminWorld, type Call, expectStatus } from './support/admin-world';
import { botNames, exportBotFile, openBotFile } from './support/bot-bundles';
import { entitiesPath, intentsPath, refusal } from './support/bot-content';
import { botPath } from './support/bots';
import { testDatabases } from './support/databases';
import { flowContent, intentFlowPath } from './support/flows';
import { functionPath, functionsPath } from './support/functions';
import { pollUntil } from './support/poll-until';
import { startTestServer, type TestServer } from './support/test-server';
import { variablesPath } from './support/variables';

const TEMPLATES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../templates');
const templateJson = (id: string) =>
  JSON.parse(readFileSync(path.join(TEMPLATES_DIR, id.replace(/\.enc$/, '.json')), 'utf8'));

const EXPECTED = [
  {
    id: 'appointment-booking.enc',
    name: 'Appointment booking',
    formattedDate: 'Friday, March 14, 2025 at 09:30',
  },
  { id: 'customer-support-faq.enc', name: 'Customer support FAQ', formattedDate: 'Friday, March 14, 2025' },
  { id: 'order-status.enc', name: 'Order status', formattedDate: 'Friday, March 14, 2025' },
];

/** Starter templates (spec 01 sections 2, 3, 5 and 7; issue 3): listed, and each makes a working bot. */
describe.each(testDatabases())('starter templates on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  let admin: Call;

  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
    admin = as(server, world.tenantAdmin);
  });
  afterAll(() => server?.close());
  afterEach(() =>
    server.ctx.repos.db.updateTable('plans').set({ max_free_bots: 25 }).where('id', '=', 'default').execute(),
  );

  const fromTemplate = (name: string, template: unknown, extra: Record<string, unknown> = {}) =>
    admin('POST', '/api/bot', { name, region: 'eu-west', createType: 'template', template, ...extra });

  test('GET /api/bots/templates lists them: id (a file name ending .enc), name, description, language', async () => {
    const templates = expectStatus(
      await admin('GET', '/api/bots/templates'),
      200,
    ).json() as BotTemplateSummary[];
    expect(templates.map((t) => ({ id: t.id, name: t.name, language: t.language }))).toEqual(
      EXPECTED.map(({ id, name }) => ({ id, name, language: 'en' })),
    );
    for (const t of templates) expect(t.description.length).toBeGreaterThan(40);
  });

  test.each(EXPECTED)(
    '$name makes a bot whose intents, entities, functions and variables are there and work',
    async ({ id, formattedDate }) => {
      const name = `From ${id.replace('.enc', '')}`;
      const created = expectStatus(await fromTemplate(name, id), 200).json().bot;
      expect(created.settings).toMatchObject({
        language: 'en',
        intentRecognizerProvider: 'parley',
        nluAutomate: false,
      });
      const source = templateJson(id).sections;

      const intents = expectStatus(await admin('GET', intentsPath(name)), 200).json() as IntentView[];
      expect(intents.map((i) => i.name).sort()).toEqual(
        [...source.intents.map((i: { name: string }) => i.name), 'None'].sort(),
      );
      for (const intent of intents.filter((i) => i.name !== 'None')) {
        // Enough good examples for a recognizer to learn from.
        expect(intent.utterances.length + intent.patterns.length, intent.name).toBeGreaterThanOrEqual(5);
        if (intent.type === 'faq') expect(intent.answer.length, intent.name).toBeGreaterThan(20);
      }
      // Patterns name the template's entities and prebuilt ones, and are recognised as patterns.
      const named = new Set(intents.flatMap((i) => i.entities));
      const entities = expectStatus(await admin('GET', entitiesPath(name)), 200).json() as EntityView[];
      const custom = entities.filter((e) => !e.isPrebuilt);
      expect(custom.map((e) => e.name).sort()).toEqual(
        source.entities.map((e: { name: string }) => e.name).sort(),
      );
      for (const entity of custom) expect(named, `${entity.name} is used`).toContain(entity.name);
      expect(custom.map((e) => e.type)).toEqual(expect.arrayContaining(['closedlists', 'regexentities']));
      expect([...named].some((n) => entities.find((e) => e.name === n)?.isPrebuilt)).toBe(true);

      const functions = expectStatus(await admin('GET', functionsPath(name)), 200).json() as FunctionView[];
      // The systems a bot calls are sample data in code (issue 22): each runs on its inputs'
      // defaults with no network and answers as a REST call would, so a REST function replaces it.
      const samples = functions.filter((f) => f.group === 'Sample data');
      expect(samples.length).toBeGreaterThan(0);
      for (const f of samples) {
        expect(f.type, f.name).toBe('code');
        expect(f.inputs.length, f.name).toBeGreaterThan(0);
        expect(f.outputs.length, f.name).toBeGreaterThan(0);
        const sampleRun = expectStatus(
          await admin('POST', `${functionPath(name, f.name)}/output`, {}),
          200,
        ).json();
        expect(sampleRun.output.status, f.name).toBeGreaterThanOrEqual(200);
        expect(sampleRun.output.status, f.name).toBeLessThan(300);
      }
      // The code function runs in the sandbox and formats its default date.
      const run = expectStatus(
        await admin('POST', `${functionPath(name, 'Format date')}/output`, {}),
        200,
      ).json();
      expect(run.outputs).toEqual({ formattedDate });

      const variables = expectStatus(
        await admin('GET', `${variablesPath(name)}/all`),
        200,
      ).json() as VariablesAndObjects;
      expect(Object.keys(variables.variables).length).toBeGreaterThan(0);
      expect(Object.keys(variables.objects).length).toBeGreaterThan(0);

      // Every normal intent has a flow, active in test and production, that the server finds
      // no problem in: it uses the template's own intents, entities and functions.
      for (const intent of intents) {
        if (intent.type !== 'normal' || intent.name === 'None') continue;
        const flow = await flowContent(admin, intentFlowPath(name, intent.name));
        expect(flow.testVersions[0]?.versionName, intent.name).toBe('v1');
        expect(flow.labeledVersions[0]?.versionName, intent.name).toBe('v1');
        const problems = expectStatus(
          await admin('POST', `${intentFlowPath(name, intent.name)}/validate-flow`, { xml: flow.xml }),
          200,
        ).json();
        expect(problems, intent.name).toEqual([]);
      }
    },
  );

  test.each(EXPECTED)(
    '$name: the bot holds exactly the template (its export has the template’s sections)',
    async ({ id }) => {
      const name = `Copy ${id.replace('.enc', '')}`;
      expectStatus(await fromTemplate(name, id), 200);
      const exported = readBundleContent(openBotFile(await exportBotFile(admin, name)));
      const template = readBundleContent(templateJson(id));
      const byName = (list: unknown) =>
        [...(list as Array<{ name: string }>)].sort((a, b) => a.name.localeCompare(b.name));
      expect(exported.settings).toEqual(template.settings);
      for (const section of ['entities', 'functions', 'variables', 'objects', 'flows', 'channels'])
        expect(byName(exported.sections[section]), section).toEqual(byName(template.sections[section]));
      const withoutNone = (list: unknown) => byName(list).filter((i) => i.name !== 'None');
      expect(withoutNone(exported.sections.intents)).toEqual(withoutNone(template.sections.intents));
      expect(exported.sections.nluDataset).toEqual(template.sections.nluDataset);
    },
  );

  test.each(EXPECTED)(
    '$name: its test dataset is ready on NLU Performance, and the embedded engine passes it',
    async ({ id }) => {
      const name = `Measured ${id.replace('.enc', '')}`;
      expectStatus(await fromTemplate(name, id), 200);
      expectStatus(await admin('POST', `${botPath(name)}/nlu-test`), 202);
      // It failed to notice before when the test never finished: it went on to read no results.
      await pollUntil(
        `the NLU test of ${name}`,
        async () => expectStatus(await admin('GET', `${botPath(name)}/nlu-test`), 200).json(),
        (status) => !status.isRunning,
        { timeoutMs: 30_000, intervalMs: 50 },
      );
      const results = expectStatus(
        await admin('GET', `${botPath(name)}/nlu-results`),
        200,
      ).json() as NluTestResults;
      const parley = results.recognizers.find((r) => r.recognizer === 'parley');
      if (!parley) throw new Error('Parley NLU was not measured');
      // Sentences the template was not trained on: most are understood.
      expect(parley.total).toBe(templateJson(id).sections.nluDataset.rows.length);
      expect(parley.accuracy).toBeGreaterThanOrEqual(0.8);
    },
  );

  test('Automate on: the bot keeps the template’s language and lets Parley pick the recognizer', async () => {
    const bot = expectStatus(
      await fromTemplate('Automated Support', 'customer-support-faq.enc', { nluAutomate: true }),
      200,
    ).json().bot;
    expect(bot.settings).toMatchObject({
      language: 'en',
      nluAutomate: true,
      intentRecognizerProvider: 'parley',
    });
    expect(bot.region).toBe('eu-west');
  });

  test.each([
    ['no template', undefined],
    ['an unknown template', 'no-such-template.enc'],
    ['a template path', '../templates/order-status.enc'],
    ['a template without its .enc', 'order-status'],
  ])('%s: 400 "Please select a bot template", nothing created', async (_case, template) => {
    const before = await botNames(admin);
    expect(refusal(await fromTemplate('Nameless Template', template))).toEqual([
      'template',
      BOT_MESSAGES.selectTemplate,
    ]);
    expect(await botNames(admin)).toEqual(before);
  });

  test('a taken name and the plan’s cap apply as for any new bot', async () => {
    expectStatus(await fromTemplate('Taken order-status', 'order-status.enc'), 200);
    expect(refusal(await fromTemplate('Taken order-status', 'order-status.enc'))).toEqual([
      'name',
      BOT_MESSAGES.nameTaken,
    ]);
    const count = (await botNames(admin)).length;
    await server.ctx.repos.db
      .updateTable('plans')
      .set({ max_free_bots: count })
      .where('id', '=', 'default')
      .execute();
    const refused = await fromTemplate('One Too Many', 'order-status.enc');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ botLimit: 'reached' });
  });

  test('a plain user creates from a template and holds the Administrator role on the bot', async () => {
    const user = as(server, world.plainUser);
    expectStatus(
      await user('POST', '/api/bot', {
        name: 'Pats Appointments',
        region: 'us-east',
        createType: 'template',
        template: 'appointment-booking.enc',
      }),
      200,
    );
    expect(await botNames(user)).toEqual(['Pats Appointments']);
    expect(expectStatus(await user('GET', botPath('Pats Appointments')), 200).json().region).toBe('us-east');
  });
});
