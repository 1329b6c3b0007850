import { type IntentView, INTENT_MESSAGES as M } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, expectStatus } from './support/admin-world';
import {
  buildContentWorld,
  type ContentWorld,
  createEntity,
  createIntent,
  intentNamed,
  intentsPath,
  isPublished,
  listIntents,
  markPublished,
  refusal,
} from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { ownContentBot } from './support/own-content-bot';
import { startTestServer, type TestServer } from './support/test-server';

describe.each(testDatabases())('intents on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let bot: string;
  /** The refusal cases' bot: the intents made below, never changed. */
  let refusalsBot: string;
  const path = () => intentsPath(bot);

  /** The intents the creating and the FAQ tests make. */
  const seedIntents = async (target: string) => {
    await createIntent(w.admin, target, {
      name: 'Greeting',
      description: 'Says hello',
      utterances: ['hello', 'good morning'],
      template: 'greeting',
    });
    await createIntent(w.admin, target, { name: 'about_us', utterances: ['who are you', 'what is this'] });
    await createIntent(w.admin, target, {
      name: 'OpeningHours',
      type: 'faq',
      answer: 'From 9 to 5.',
      utterances: ['when are you open', 'opening hours'],
    });
    await createIntent(w.admin, target, { name: 'Handover', isRedirect: true });
  };
  const createColor = (target: string) =>
    createEntity(w.admin, target, {
      name: 'Color',
      type: 'closedlists',
      sublists: [{ canonicalForm: 'red', list: [] }],
    });
  /** The test's own bot; with the intents of the file's first tests (and the Color entity) when asked. */
  const ownBot = async (label: string, seed: { intents?: boolean; color?: boolean } = {}) => {
    bot = await ownContentBot(w, label);
    if (seed.intents) await seedIntents(bot);
    if (seed.color) await createColor(bot);
    return bot;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server);
    refusalsBot = await ownContentBot(w, 'Intent Refusals');
    await seedIntents(refusalsBot);
  });
  afterAll(() => server?.close());

  test('a new bot has only the None intent, and its list says "Start building!" to the screen by being otherwise empty', async () => {
    await ownBot('New Intents');
    const intents = await listIntents(w.admin, bot);
    expect(intents).toEqual([
      {
        name: 'None',
        description: '',
        isRedirect: false,
        type: 'normal',
        answer: '',
        template: null,
        utterances: [],
        patterns: [],
        entities: [],
      },
    ]);
  });

  test('creating a normal intent answers it with its examples and their ids; None stays last', async () => {
    await ownBot('Creating Intents');
    const intent = await createIntent(w.admin, bot, {
      name: 'Greeting',
      description: ' Says hello ',
      utterances: ['hello', ' good morning '],
      template: 'greeting',
    });
    expect(intent).toMatchObject({
      name: 'Greeting',
      description: 'Says hello',
      type: 'normal',
      isRedirect: false,
      template: 'greeting',
      patterns: [],
    });
    expect(intent.utterances.map((u) => u.text)).toEqual(['hello', 'good morning']);
    expect(new Set(intent.utterances.map((u) => u.ids.internal)).size).toBe(2);
    await createIntent(w.admin, bot, { name: 'about_us', utterances: ['who are you', 'what is this'] });
    expect((await listIntents(w.admin, bot)).map((i) => i.name)).toEqual(['about_us', 'Greeting', 'None']);
  });

  test('FAQ and redirect intents', async () => {
    await ownBot('Faq And Redirect');
    const faq = await createIntent(w.admin, bot, {
      name: 'OpeningHours',
      type: 'faq',
      answer: 'From 9 to 5.',
      utterances: ['when are you open', 'opening hours'],
    });
    expect(faq).toMatchObject({ type: 'faq', answer: 'From 9 to 5.' });
    const redirect = await createIntent(w.admin, bot, { name: 'Handover', isRedirect: true });
    expect(redirect).toMatchObject({ isRedirect: true, utterances: [], patterns: [] });
  });

  test.each([
    ['a name with a space', { name: 'Opening hours', utterances: ['a1', 'b2'] }, ['name', M.invalidName]],
    ['a name with a dash', { name: 'opening-hours', utterances: ['a1', 'b2'] }, ['name', M.invalidName]],
    ['a one-letter name', { name: 'x', utterances: ['a1', 'b2'] }, ['name', M.invalidName]],
    ['a name of 51 characters', { name: 'n'.repeat(51), utterances: ['a1', 'b2'] }, ['name', M.invalidName]],
    ['a name with a NUL', { name: 'ab\u0000c', utterances: ['a1', 'b2'] }, ['name', M.invalidName]],
    [
      'a taken name (other case, spaces)',
      { name: ' greeting ', utterances: ['a1', 'b2'] },
      ['name', M.nameTaken],
    ],
    ['the None name', { name: 'none', utterances: ['a1', 'b2'] }, ['name', M.nameTaken]],
    ['no utterance', { name: 'Empty' }, ['utterances', M.atLeastOneUtterance]],
    ['a single example', { name: 'Single', utterances: ['only one'] }, ['utterances', M.notEnoughExamples]],
    [
      'identical examples',
      { name: 'Twice', utterances: ['Hello there', 'HELLO THERE'] },
      ['utterances', M.identicalExamples('Hello there', 'HELLO THERE')],
    ],
    [
      'a one-character utterance',
      { name: 'Short', utterances: ['ok', 'k'] },
      ['utterances.1', M.utteranceTooShort],
    ],
    [
      'an FAQ intent without answer',
      { name: 'Faq', type: 'faq', utterances: ['a1', 'b2'] },
      ['answer', M.faqAnswerRequired],
    ],
    [
      'an unknown type',
      { name: 'Faq', type: 'other', utterances: ['a1', 'b2'] },
      ['type', "type must be 'normal' or 'faq'."],
    ],
    [
      'utterances that are not a list',
      { name: 'Bad', utterances: 'hello' },
      ['utterances', 'The examples must be a list.'],
    ],
  ])('creating is refused for %s, and nothing is created', async (_case, body, problem) => {
    bot = refusalsBot;
    const before = await listIntents(w.admin, bot);
    expect(refusal(await w.admin('POST', path(), body))).toEqual(problem);
    expect(await listIntents(w.admin, bot)).toEqual(before);
  });

  test('an intent may not take an entity name (custom or prebuilt), and the reverse', async () => {
    await ownBot('Intent Entity Names', { intents: true });
    await createEntity(w.admin, bot, {
      name: 'Color',
      type: 'closedlists',
      sublists: [{ canonicalForm: 'red', list: [] }],
    });
    for (const name of ['color', 'Number', 'PHONENUMBER']) {
      expect(refusal(await w.admin('POST', path(), { name, utterances: ['a1', 'b2'] }))).toEqual([
        'name',
        M.entityNameClash,
      ]);
    }
    const entityAsIntent = await w.admin('POST', `/api/${encodeURIComponent(bot)}/entities`, {
      name: 'greeting',
      type: 'entities',
      examples: ['x1'],
    });
    expect(refusal(entityAsIntent)).toEqual(['name', 'Intent with that name already exists']);
  });

  test('renaming: a valid free name; None and taken names are refused', async () => {
    await ownBot('Renaming Intents', { intents: true });
    const renamed = expectStatus(
      await w.admin('PUT', `${path()}/change-name`, { name: 'about_us', newName: 'AboutUs' }),
      200,
    ).json() as IntentView;
    expect(renamed.name).toBe('AboutUs');
    // Only the case changes: still the same intent.
    expectStatus(await w.admin('PUT', `${path()}/change-name`, { name: 'aboutus', newName: 'Aboutus' }), 200);
    expect(
      refusal(await w.admin('PUT', `${path()}/change-name`, { name: 'Aboutus', newName: 'Greeting' })),
    ).toEqual(['newName', M.nameTaken]);
    expect(
      refusal(await w.admin('PUT', `${path()}/change-name`, { name: 'Aboutus', newName: 'About us' })),
    ).toEqual(['newName', M.invalidName]);
    expect(
      refusal(await w.admin('PUT', `${path()}/change-name`, { name: 'None', newName: 'Nothing' })),
    ).toEqual(['name', M.cannotRenameNone]);
    expect(
      refusal(await w.admin('PUT', `${path()}/change-name`, { name: 'Aboutus', newName: 'NONE' })),
    ).toEqual(['newName', M.nameTaken]);
    const missing = await w.admin('PUT', `${path()}/change-name`, { name: 'Nobody', newName: 'Somebody' });
    expect(missing.statusCode).toBe(404);
  });

  test('the description', async () => {
    await ownBot('Intent Description', { intents: true });
    const intent = expectStatus(
      await w.admin('POST', `${path()}/update-description`, { intentName: 'Greeting', description: 'Hi!' }),
      200,
    ).json() as IntentView;
    expect(intent.description).toBe('Hi!');
    expect((await intentNamed(w.admin, bot, 'Greeting'))?.description).toBe('Hi!');
    const tooLong = await w.admin('POST', `${path()}/update-description`, {
      intentName: 'Greeting',
      description: 'd'.repeat(1001),
    });
    expect(refusal(tooLong)[1]).toBe(M.tooLong('description', 1000));
  });

  test('FAQ answer changes, and the one-way change to a normal intent', async () => {
    await ownBot('Faq Answer', { intents: true });
    const url = `${path()}/OpeningHours`;
    expect(refusal(await w.admin('PATCH', url, { answer: '  ' }))).toEqual(['answer', M.faqAnswerEmpty]);
    const changed = expectStatus(
      await w.admin('PATCH', url, { answer: 'From 8 to 6.' }),
      200,
    ).json() as IntentView;
    expect(changed.answer).toBe('From 8 to 6.');
    expect(refusal(await w.admin('PATCH', url, { type: 'faq' }))).toEqual(['type', M.onlyFaqToNormal]);
    const normal = expectStatus(await w.admin('PATCH', url, { type: 'normal' }), 200).json() as IntentView;
    expect(normal).toMatchObject({ type: 'normal', answer: '' });
    expect(refusal(await w.admin('PATCH', url, { type: 'normal' }))).toEqual(['type', M.onlyFaqToNormal]);
    expect(refusal(await w.admin('PATCH', url, { answer: 'Back again' }))).toEqual([
      'answer',
      M.answerOnlyForFaq,
    ]);
  });

  test('the summary list leaves the examples out, with their counts; one intent comes with its examples', async () => {
    await ownBot('Intent Summary', { intents: true, color: true });
    await createIntent(w.admin, bot, {
      name: 'Summarised',
      utterances: ['first one', 'second one', 'a [Color] shirt'],
    });
    const full = await listIntents(w.admin, bot);
    const summaries = expectStatus(await w.admin('GET', `${path()}?view=summary`), 200).json();
    expect(summaries).toEqual(
      full.map(({ utterances, patterns, ...rest }) => ({
        ...rest,
        utteranceCount: utterances.length,
        patternCount: patterns.length,
      })),
    );
    expect(summaries.find((i: { name: string }) => i.name === 'Summarised')).toMatchObject({
      utteranceCount: 2,
      patternCount: 1,
      entities: ['Color'],
    });

    const one = expectStatus(await w.admin('GET', `${path()}/summarised`), 200).json();
    expect(one).toEqual(full.find((i) => i.name === 'Summarised'));
    const missing = expectStatus(await w.admin('GET', `${path()}/NoSuchIntent`), 404).json();
    expect(missing.code).toBe('not-found_error');
    // Another account's member reads nothing of it.
    expect((await w.stranger('GET', `${path()}/Summarised`)).statusCode).toBe(403);
  });

  describe('examples', () => {
    const examples = () => `${path()}/Greeting/examples`;

    test('adding an utterance, then a pattern decided by the entities', async () => {
      await ownBot('Adding Examples', { intents: true, color: true });
      let intent = expectStatus(
        await w.admin('POST', examples(), { text: ' hi there ' }),
        200,
      ).json() as IntentView;
      expect(intent.utterances.map((u) => u.text)).toContain('hi there');
      intent = expectStatus(
        await w.admin('POST', examples(), { text: 'I like [color]' }),
        200,
      ).json() as IntentView;
      expect(intent.patterns.map((p) => p.text)).toEqual(['I like [Color]']);
      expect(intent.entities).toEqual(['Color']);
      // Brackets that name no entity are plain text.
      intent = expectStatus(
        await w.admin('POST', examples(), { text: 'I like [paint]' }),
        200,
      ).json() as IntentView;
      expect(intent.utterances.map((u) => u.text)).toContain('I like [paint]');
      intent = expectStatus(
        await w.admin('POST', examples(), { text: 'give me [number] things' }),
        200,
      ).json() as IntentView;
      expect(intent.patterns.map((p) => p.text)).toContain('give me [Number] things');
    });

    test.each([
      ['a duplicate (other case)', { text: 'HELLO' }, ['text', M.utteranceExists]],
      ['one character', { text: 'k' }, ['text', M.utteranceTooShort]],
      ['blank', { text: '   ' }, ['text', M.utteranceTooShort]],
      ['too long', { text: 'x'.repeat(501) }, ['text', M.exampleTooLong(500)]],
      ['a line break', { text: 'two\nlines' }, ['text', M.controlCharacters('example')]],
      ['no text', {}, ['text', M.utteranceTooShort]],
    ])('adding %s is refused', async (_case, body, problem) => {
      bot = refusalsBot;
      const before = await intentNamed(w.admin, bot, 'Greeting');
      expect(refusal(await w.admin('POST', examples(), body))).toEqual(problem);
      expect(await intentNamed(w.admin, bot, 'Greeting')).toEqual(before);
    });

    test('changing an example keeps its id and classifies it again', async () => {
      await ownBot('Changing Examples', { intents: true, color: true });
      expectStatus(await w.admin('POST', examples(), { text: 'hi there' }), 200);
      const intent = (await intentNamed(w.admin, bot, 'Greeting')) as IntentView;
      const hi = intent.utterances.find((u) => u.text === 'hi there');
      if (!hi) throw new Error('no hi there');
      const changed = expectStatus(
        await w.admin('PUT', examples(), { example: { text: 'hi there in [COLOR]', ids: hi.ids } }),
        200,
      ).json() as IntentView;
      expect(changed.patterns).toContainEqual({ text: 'hi there in [Color]', ids: hi.ids });
      expect(changed.utterances.some((u) => u.ids.internal === hi.ids.internal)).toBe(false);
      expect(refusal(await w.admin('PUT', examples(), { example: { text: 'hello', ids: hi.ids } }))).toEqual([
        'example.text',
        M.utteranceExists,
      ]);
      const unknown = await w.admin('PUT', examples(), {
        example: { text: 'whatever', ids: { internal: 'nope' } },
      });
      expect(unknown.statusCode).toBe(404);
    });

    test('deleting utterances and patterns by id; an intent keeps at least two examples', async () => {
      await ownBot('Deleting Examples', { intents: true, color: true });
      expectStatus(await w.admin('POST', examples(), { text: 'I like [color]' }), 200);
      const created = await createIntent(w.admin, bot, {
        name: 'Bye',
        utterances: ['bye now', 'see you', 'farewell'],
      });
      const [first, second, third] = created.utterances;
      if (!first || !second || !third) throw new Error('three utterances expected');
      // The wrong kind of path does not find it.
      expect((await w.admin('DELETE', `${path()}/Bye/patterns/${first.ids.internal}`)).statusCode).toBe(404);
      const after = expectStatus(
        await w.admin('DELETE', `${path()}/Bye/utterances/${first.ids.internal}`),
        200,
      ).json();
      expect(after.utterances).toEqual([second, third]);
      expect(refusal(await w.admin('DELETE', `${path()}/Bye/utterances/${second.ids.internal}`))).toEqual([
        'id',
        M.notEnoughExamples,
      ]);
      const greeting = (await intentNamed(w.admin, bot, 'Greeting')) as IntentView;
      const pattern = greeting.patterns[0];
      if (!pattern) throw new Error('a pattern expected');
      expectStatus(await w.admin('DELETE', `${path()}/Greeting/patterns/${pattern.ids.internal}`), 200);
    });

    test('None takes examples and may be left without any', async () => {
      await ownBot('None Examples');
      const none = expectStatus(
        await w.admin('POST', `${path()}/None/examples`, { text: 'what is the weather' }),
        200,
      ).json();
      const id = none.utterances[0].ids.internal;
      expect(
        expectStatus(await w.admin('DELETE', `${path()}/None/utterances/${id}`), 200).json().utterances,
      ).toEqual([]);
    });
  });

  test('POST /api/examples/is-pattern decides by the entities given', async () => {
    const check = async (example: string, entities: unknown) =>
      expectStatus(await w.designer('POST', '/api/examples/is-pattern', { example, entities }), 200).json();
    expect(await check('from [City:origin]', [{ name: 'City', roles: [{ name: 'origin' }] }])).toEqual({
      isPattern: true,
    });
    expect(await check('from [City:origin]', [{ name: 'City' }])).toEqual({ isPattern: false });
    expect(await check('from [City]', ['city'])).toEqual({ isPattern: true });
    expect(await check('from City', ['City'])).toEqual({ isPattern: false });
    expect(refusal(await w.designer('POST', '/api/examples/is-pattern', { entities: [] }))[0]).toBe(
      'example',
    );
  });

  test('None cannot be deleted; other intents can, and are gone', async () => {
    await ownBot('Deleting Intents');
    await createIntent(w.admin, bot, { name: 'Bye', utterances: ['bye now', 'see you', 'farewell'] });
    expect(refusal(await w.admin('DELETE', `${path()}/None`))).toEqual(['intent', M.cannotDeleteNone]);
    expect((await w.admin('DELETE', `${path()}/Bye`)).statusCode).toBe(204);
    expect(await intentNamed(w.admin, bot, 'Bye')).toBeUndefined();
    expect((await w.admin('DELETE', `${path()}/Bye`)).statusCode).toBe(404);
  });

  test('every kind of change marks the bot unpublished', async () => {
    await ownBot('Unpublished By Intents');
    const changes: Array<() => Promise<unknown>> = [
      () => w.admin('POST', path(), { name: 'Thanks', utterances: ['thank you', 'thanks a lot'] }),
      () => w.admin('POST', `${path()}/Thanks/examples`, { text: 'cheers' }),
      () => w.admin('PUT', `${path()}/change-name`, { name: 'Thanks', newName: 'Thankyou' }),
      () => w.admin('POST', `${path()}/update-description`, { intentName: 'Thankyou', description: 'x' }),
      () => w.admin('DELETE', `${path()}/Thankyou`),
    ];
    for (const change of changes) {
      await markPublished(server, w.world, bot);
      expect(await isPublished(w.admin, bot)).toBe(true);
      await change();
      expect(await isPublished(w.admin, bot)).toBe(false);
    }
  });

  test('a refused change leaves the bot published', async () => {
    await ownBot('Refused Change', { intents: true });
    await markPublished(server, w.world, bot);
    refusal(await w.admin('POST', path(), { name: 'Greeting', utterances: ['a1', 'b2'] }));
    expect(await isPublished(w.admin, bot)).toBe(true);
  });

  test('no bot may be called bots: /api/bots/intents belongs to the bot API', async () => {
    const response = await w.admin('POST', '/api/bot', { name: 'Bots', region: 'eu-west', language: 'en' });
    expect(refusal(response)).toEqual(['name', 'This name is already taken!']);
  });

  describe('who may', () => {
    test('a Designer on the bot reads and manages intents, but may not export them', async () => {
      await ownBot('Designer Intents', { intents: true });
      expect((await listIntents(w.designer, bot)).length).toBeGreaterThan(1);
      await createIntent(w.designer, bot, { name: 'DesignerMade', utterances: ['made by me', 'mine'] });
      expectStatus(await w.designer('POST', `${path()}/DesignerMade/examples`, { text: 'also mine' }), 200);
      expect((await w.designer('DELETE', `${path()}/DesignerMade`)).statusCode).toBe(204);
      const exported = await w.designer('GET', `${path()}/Greeting/export`);
      expect(exported.statusCode).toBe(403);
      expect(exported.json().code).toBe('permission_error');
    });

    test('a user without a role on the bot is refused everything, existing bot or not', async () => {
      await ownBot('Stranger Intents', { intents: true });
      for (const botName of [bot, 'No Such Bot']) {
        const p = intentsPath(botName);
        for (const [method, url, body] of [
          ['GET', p, undefined],
          ['POST', p, { name: 'Sneaky', utterances: ['a1', 'b2'] }],
          ['PUT', `${p}/change-name`, { name: 'Greeting', newName: 'Hacked' }],
          ['DELETE', `${p}/Greeting`, undefined],
          ['POST', `${p}/Greeting/examples`, { text: 'sneaky' }],
          ['GET', `${p}/Greeting/export`, undefined],
        ] as const) {
          const response = await w.stranger(method, url, body);
          expect(response.statusCode, `${method} ${url}`).toBe(403);
          expect(response.json().code).toBe('permission_error');
        }
      }
      expect(await intentNamed(w.admin, bot, 'Greeting')).toBeDefined();
    });

    test('a role with PublishIntentsAndEntities but not ManageIntents may edit intents too', async () => {
      await ownBot('Publisher Intents');
      const role = expectStatus(
        await w.admin('POST', '/api/tenant/roles', { roleName: 'Publisher' }),
        201,
      ).json().roleId as number;
      expectStatus(
        await w.admin('POST', `/api/tenant/roles/${role}/permissions`, { roleId: role, permissionId: 11 }),
        201,
      );
      expectStatus(
        await w.admin('POST', '/api/user/role', { userEmail: 'nora.norole@example.com', botName: bot, role }),
        200,
      );
      await createIntent(w.stranger, bot, { name: 'PublisherMade', utterances: ['a one', 'a two'] });
      expectStatus(
        await w.admin(
          'DELETE',
          `/api/users/nora.norole@example.com/roles/for-bot/${encodeURIComponent(bot)}`,
        ),
        204,
      );
      expect((await w.stranger('GET', path())).statusCode).toBe(403);
    });

    test("an account administrator of another tenant cannot reach this tenant's bot", async () => {
      await ownBot('Tenant Intents');
      const master = as(server, w.world.master);
      await createBot(master, 'Master Bot');
      expect((await master('GET', intentsPath(bot))).statusCode).toBe(404);
      expect((await w.admin('GET', intentsPath('Master Bot'))).statusCode).toBe(404);
      expect(
        (await w.admin('POST', intentsPath('Master Bot'), { name: 'X1', utterances: ['a1', 'b2'] }))
          .statusCode,
      ).toBe(404);
      expect((await listIntents(master, 'Master Bot')).map((i) => i.name)).toEqual(['None']);
    });
  });
});
