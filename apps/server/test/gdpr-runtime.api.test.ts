import {
  CONSENT_CHOICES,
  DEFAULT_GDPR_SETTINGS,
  type GdprSettings,
  NOT_RECORDED_TEXT,
  REMOVE_USER_DATA_EVENT,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type ConversationOrigin,
  startConversation,
  takeTurn,
} from '../src/services/conversations/conversation-turns.service';
import { type AdminWorld, as, buildAdminWorld, type Call, expectStatus } from './support/admin-world';
import { createIntent } from './support/bot-content';
import { botPath, createBot } from './support/bots';
import { parseCsv } from './support/csv';
import { testDatabases } from './support/databases';
import { PIZZA_INTENTS, PIZZA_ORDER_FLOW } from './support/pizza-bot';
import { publishTestFlows } from './support/publishing';
import { startTestServer, type TestServer } from './support/test-server';

const GDPR: GdprSettings = {
  ...DEFAULT_GDPR_SETTINGS,
  askForConsent: true,
  consentMessage: 'May I keep a record of this chat?',
  consentAgreeMessage: 'Thanks! What would you like?',
  consentRejectMessage: 'Fine, nothing is kept.',
  consentUrl: 'https://example.com/privacy',
  disableMessage: 'I am switched off for you.',
  removeUserDataMessage: 'Your data is gone.',
  maskingPatterns: [
    { name: 'Customer number', pattern: 'C-\\d{6}' },
    { name: 'Email', pattern: '[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}' },
  ],
};

const QUESTION = {
  type: 'options',
  text: `${GDPR.consentMessage}\n${GDPR.consentUrl}`,
  options: [CONSENT_CHOICES.agree, CONSENT_CHOICES.reject],
};

/**
 * The GDPR settings at work in conversations (spec 04 section 3.7): consent before the bot's
 * first message, a bot disabled for a user who rejected, masking of personal data in the log,
 * the state and the history CSV, and the removal of a user's data.
 */
describe.each(testDatabases())('GDPR in conversations on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  let admin: Call;
  let bots = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
    admin = as(server, world.tenantAdmin);
  });
  afterAll(() => server?.close());

  /** A published pizza bot of the test's own with the GDPR settings given. */
  async function pizzaBot(gdpr: Partial<GdprSettings>) {
    bots += 1;
    const name = `GDPR Pizza ${bots}`;
    await createBot(admin, name);
    for (const intent of PIZZA_INTENTS) await createIntent(admin, name, intent);
    await publishTestFlows(admin, name, { OrderPizza: PIZZA_ORDER_FLOW });
    expectStatus(await admin('PUT', `${botPath(name)}/gdpr/settings`, { ...GDPR, ...gdpr }), 200);
    const scope = server.ctx.repos.forTenant(world.tenantB);
    const bot = await scope.bots.get(name);
    if (!bot) throw new Error('the bot was not made');
    return { name, scope, bot };
  }

  const origin = (userKey: string): ConversationOrigin => ({
    channel: { id: 'test-chat', name: 'Test chat' },
    userKey,
    isTest: true,
    target: 'test',
  });

  async function talker(made: Awaited<ReturnType<typeof pizzaBot>>, userKey: string) {
    const who = origin(userKey);
    const conversation = await startConversation(made.scope, made.bot, who);
    const say = async (text: string, type: 'text' | 'click' = 'text') =>
      (await takeTurn(server.ctx, made.scope, made.bot, conversation.id, who, { type, text })).activities;
    return { conversation, say, who };
  }

  const loggedTexts = async (made: Awaited<ReturnType<typeof pizzaBot>>, conversationId: string) =>
    (await made.scope.conversations(made.bot.id).turnsOf(conversationId)).map((turn) => {
      const activity = turn.activity as { text?: string };
      return [turn.direction, activity.text];
    });

  test('consent first: the bot answers only after Agree, and a user who agreed is not asked again', async () => {
    const made = await pizzaBot({});
    const ann = await talker(made, 'ann');
    expect(await ann.say('I would like a pizza')).toEqual([QUESTION]);
    expect(await ann.say('What?')).toEqual([QUESTION]);
    expect(await ann.say(CONSENT_CHOICES.agree, 'click')).toEqual([
      { type: 'text', text: GDPR.consentAgreeMessage },
    ]);
    expect(await ann.say('I would like to order a pizza')).toEqual([
      { type: 'text', text: 'Which pizza would you like?' },
    ]);
    // What was said before agreeing is not kept; what came after is.
    expect(await loggedTexts(made, ann.conversation.id)).toEqual([
      ['in', NOT_RECORDED_TEXT],
      ['out', QUESTION.text],
      ['in', NOT_RECORDED_TEXT],
      ['out', QUESTION.text],
      ['in', CONSENT_CHOICES.agree],
      ['out', GDPR.consentAgreeMessage],
      ['in', 'I would like to order a pizza'],
      ['out', 'Which pizza would you like?'],
    ]);
    const again = await talker(made, 'ann');
    expect(await again.say('I would like to order a pizza')).toEqual([
      { type: 'text', text: 'Which pizza would you like?' },
    ]);

    const csv = await admin('GET', `${botPath(made.name)}/consent`);
    expect(csv.statusCode).toBe(200);
    const [, ...rows] = parseCsv(csv.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(expect.arrayContaining(['ann', 'agreed', 'test-chat', ann.conversation.id]));
  });

  test('Reject: the bot talks but keeps no texts; with canDisable it is switched off until the user agrees', async () => {
    const made = await pizzaBot({ canDisable: false });
    const bob = await talker(made, 'bob');
    await bob.say('hello');
    expect(await bob.say('reject')).toEqual([{ type: 'text', text: GDPR.consentRejectMessage }]);
    expect(await bob.say('I would like to order a pizza')).toEqual([
      { type: 'text', text: 'Which pizza would you like?' },
    ]);
    // The consent dialogue's texts are kept; nothing the user wrote, nor the bot's answers to it.
    expect(await loggedTexts(made, bob.conversation.id)).toEqual([
      ['in', NOT_RECORDED_TEXT],
      ['out', QUESTION.text],
      ['in', NOT_RECORDED_TEXT],
      ['out', GDPR.consentRejectMessage],
      ['in', NOT_RECORDED_TEXT],
      ['out', NOT_RECORDED_TEXT],
    ]);

    const strict = await pizzaBot({ canDisable: true });
    const cy = await talker(strict, 'cy');
    await cy.say('hello');
    const disabled = { type: 'options', text: GDPR.disableMessage, options: [CONSENT_CHOICES.agree] };
    expect(await cy.say(CONSENT_CHOICES.reject, 'click')).toEqual([disabled]);
    expect(await cy.say('I would like to order a pizza')).toEqual([disabled]);
    expect(await cy.say(CONSENT_CHOICES.agree, 'click')).toEqual([
      { type: 'text', text: GDPR.consentAgreeMessage },
    ]);
    expect(await cy.say('I would like to order a pizza')).toEqual([
      { type: 'text', text: 'Which pizza would you like?' },
    ]);
    const decisions = await strict.scope.consents(strict.bot.id).list();
    expect(decisions.map((d) => [d.userKey, d.decision])).toEqual([
      ['cy', 'disabled'],
      ['cy', 'agreed'],
    ]);
  });

  test('masking: the log, the stored state and the history CSV hold the masked values', async () => {
    const made = await pizzaBot({ askForConsent: false, maskPersonalData: true });
    const dee = await talker(made, 'dee');
    await dee.say('I would like to order a pizza');
    // The pizza's name is captured into a variable: a customer number and an e-mail in it are masked.
    await dee.say('Margherita for C-123456, mail dee@example.com');
    const logged = await loggedTexts(made, dee.conversation.id);
    expect(logged[2]).toEqual(['in', 'Margherita for [Customer number], mail [Email]']);
    expect(JSON.stringify(logged)).not.toMatch(/C-123456|dee@example\.com/);
    const stored = await made.scope.conversations(made.bot.id).get(dee.conversation.id);
    expect(JSON.stringify(stored?.state)).not.toMatch(/C-123456|dee@example\.com/);
    expect(JSON.stringify(stored?.state)).toContain('[Customer number]');
    const history = await admin('GET', `${botPath(made.name)}/message-history`);
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain('[Customer number]');
    expect(history.body).not.toMatch(/C-123456|dee@example\.com/);
    const shown = expectStatus(
      await admin('GET', `${botPath(made.name)}/conversations/${dee.conversation.id}`),
      200,
    ).body;
    expect(shown).not.toMatch(/C-123456|dee@example\.com/);
  });

  test("removing a user's data deletes their messages and state for real; other users keep theirs", async () => {
    const made = await pizzaBot({ askForConsent: false, removeUserData: true });
    const eve = await talker(made, 'eve');
    const earlier = await talker(made, 'eve');
    const other = await talker(made, 'finn');
    await earlier.say('I would like to order a pizza');
    await eve.say('I would like to order a pizza');
    await other.say('I would like to order a pizza');
    const answer = await takeTurn(server.ctx, made.scope, made.bot, eve.conversation.id, eve.who, {
      type: 'event',
      name: REMOVE_USER_DATA_EVENT,
    });
    expect(answer.activities).toEqual([{ type: 'text', text: GDPR.removeUserDataMessage }]);
    const conversations = made.scope.conversations(made.bot.id);
    expect(await conversations.get(earlier.conversation.id)).toBeUndefined();
    expect(await conversations.turnsOf(earlier.conversation.id)).toEqual([]);
    expect(await loggedTexts(made, eve.conversation.id)).toEqual([['out', GDPR.removeUserDataMessage]]);
    expect((await conversations.get(eve.conversation.id))?.state).toEqual({});
    expect(await loggedTexts(made, other.conversation.id)).toHaveLength(2);
    // The same conversation goes on from the start.
    expect(await eve.say('I would like to order a pizza')).toEqual([
      { type: 'text', text: 'Which pizza would you like?' },
    ]);
  });

  test('without removeUserData the request is an ordinary event and nothing is deleted', async () => {
    const made = await pizzaBot({ askForConsent: false, removeUserData: false });
    const gus = await talker(made, 'gus');
    await gus.say('I would like to order a pizza');
    await takeTurn(server.ctx, made.scope, made.bot, gus.conversation.id, gus.who, {
      type: 'event',
      name: REMOVE_USER_DATA_EVENT,
    });
    expect((await loggedTexts(made, gus.conversation.id)).slice(0, 2)).toEqual([
      ['in', 'I would like to order a pizza'],
      ['out', 'Which pizza would you like?'],
    ]);
  });
});
