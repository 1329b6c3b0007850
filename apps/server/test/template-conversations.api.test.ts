import type {
  BotTemplateSummary,
  FunctionView,
  InboundActivity,
  OutboundActivity,
  ServerMessage,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AdminWorld, as, buildAdminWorld, type Call, expectStatus } from './support/admin-world';
import { botPath } from './support/bots';
import { testDatabases } from './support/databases';
import { functionPath, functionsPath } from './support/functions';
import { startPublish, waitForSync } from './support/publishing';
import { openSocket, socketUrl, type TestSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';

type TurnMessage = Extract<ServerMessage, { type: 'conversation:turn' }>;
/** What the booking card's body holds: a title, then the booking's facts. */
type CardPart = { type: string; text?: string; facts?: Array<{ title: string; value: string }> };

const DAY_MS = 86_400_000;

/** A day as the templates' Format date function writes it: Friday, March 14, 2025. */
const readableDay = (day: Date) =>
  day.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

const today = () => new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
const daysFromToday = (days: number) => new Date(today().getTime() + days * DAY_MS);
/** 'next Friday' as the booking template's sample calendar reads it: the coming one, never today. */
const nextWeekday = (weekday: number) => daysFromToday(((weekday - today().getUTCDay() + 6) % 7) + 1);

const text = (said: string): OutboundActivity => ({ type: 'text', text: said });

/**
 * Issue 22: a newcomer's first conversation with a bot made from a starter template works on a
 * fresh install with no internet. Each template's happy path is walked in the test chat, as the
 * designer walks it (created from the template, published, the test chat's websocket), to its end.
 * The functions the flows call are sample data in sandboxed code: nothing reaches the network.
 */
describe.each(testDatabases())('starter templates in the test chat with no internet, on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  let admin: Call & { token: string };
  let baseUrl: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    baseUrl = await server.listen();
    world = await buildAdminWorld(server);
    admin = Object.assign(as(server, world.tenantAdmin), { token: world.tenantAdmin.token });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
  });

  /** A bot made from the template and published, and a test chat with it, as a newcomer opens it. */
  async function chatWithTemplate(template: string, botName: string) {
    expectStatus(
      await admin('POST', '/api/bot', { name: botName, region: 'eu-west', createType: 'template', template }),
      200,
    );
    const { syncId } = await startPublish(admin, botName);
    expect((await waitForSync(admin, botName, syncId)).state).toBe('Succeeded');
    const started = expectStatus(await admin('POST', `${botPath(botName)}/test-chat`, {}), 201).json();
    const topic = {
      kind: 'conversation' as const,
      botId: started.botId,
      conversationId: started.conversationId,
    };
    const socket = await openSocket(socketUrl(baseUrl, admin.token));
    sockets.push(socket);
    await socket.subscribe(topic);

    const send = async (activity: InboundActivity): Promise<OutboundActivity[]> => {
      const before = socket.messages.length;
      socket.send(JSON.stringify({ type: 'conversation:say', topic, activity }));
      const turn = (await socket.waitFor(
        (m) => m.type === 'conversation:turn' && socket.messages.indexOf(m) >= before,
        20_000,
      )) as TurnMessage;
      // The chat never breaks on the way: no flow stops early.
      expect(turn.details.error, `after "${JSON.stringify(activity)}"`).toBeNull();
      return turn.activities;
    };
    return {
      say: (said: string) => send({ type: 'text', text: said }),
      click: (button: string) => send({ type: 'click', text: button }),
    };
  }

  test('every starter template has its walk here, and none of their functions needs the network', async () => {
    const templates = expectStatus(
      await admin('GET', '/api/bots/templates'),
      200,
    ).json() as BotTemplateSummary[];
    expect(templates.map((t) => t.id).sort()).toEqual(
      ['appointment-booking.enc', 'customer-support-faq.enc', 'order-status.enc'].sort(),
    );
    for (const { id } of templates) {
      const botName = `Offline ${id.replace('.enc', '')}`;
      expectStatus(
        await admin('POST', '/api/bot', {
          name: botName,
          region: 'eu-west',
          createType: 'template',
          template: id,
        }),
        200,
      );
      const functions = expectStatus(
        await admin('GET', functionsPath(botName)),
        200,
      ).json() as FunctionView[];
      // Code on bundled sample data, a helper and cards: no REST or SQL call to a system to reach.
      expect(
        functions.map((f) => f.type).filter((type) => type !== 'code' && type !== 'adaptiveCard'),
        id,
      ).toEqual([]);
      // So the test chat has no unreachable host to warn of.
      expect(
        expectStatus(await admin('GET', `${botPath(botName)}/unreachable-function-hosts`), 200).json(),
        id,
      ).toEqual([]);
      const samples = functions.filter((f) => f.group === 'Sample data');
      expect(samples.length, id).toBeGreaterThan(0);
      for (const sample of samples) {
        // Clearly marked to replace, in the list and in its code.
        expect(sample.description, sample.name).toMatch(
          /^Sample data to replace: .* Replace it with a REST function/,
        );
        expect(sample.type === 'code' && sample.code, sample.name).toMatch(
          /^\/\/ SAMPLE DATA: replace this function/,
        );
      }
    }
  });

  test('Order status: a shopper asks where the order is, tracks the parcel and says goodbye', async () => {
    const chat = await chatWithTemplate('order-status.enc', 'Order desk');
    expect(await chat.say('Hi')).toEqual([
      text(
        'Hi, welcome to Example Shop! I can tell you where your order is, track your parcel, take a delivery problem, change the delivery address or cancel an order. What can I do for you?',
      ),
    ]);
    expect(await chat.say('Where is my order?')).toEqual([
      text('What is your order number? You find it in your order confirmation; it looks like ORD-20250314.'),
    ]);
    // The fourth turn failed before: the order lookup called an API a fresh install cannot reach.
    expect(await chat.say('ORD-20250314')).toEqual([
      {
        type: 'adaptiveCard',
        card: {
          type: 'AdaptiveCard',
          version: '1.5',
          body: [
            { type: 'TextBlock', text: 'Order ORD-20250314', weight: 'Bolder', size: 'Medium' },
            {
              type: 'FactSet',
              facts: [
                { title: 'Status', value: 'shipped' },
                { title: 'Arrives', value: readableDay(daysFromToday(2)) },
              ],
            },
          ],
          actions: [
            {
              type: 'Action.OpenUrl',
              title: 'Track parcel',
              url: 'https://shop.example.com/track/ORD-20250314',
            },
          ],
        },
      },
    ]);
    expect(await chat.say('Can you track my parcel?')).toEqual([
      text(
        'Your parcel for order ORD-20250314 travels with DHL. You can follow it here: https://shop.example.com/track/ORD-20250314',
      ),
    ]);
    expect(await chat.say('Goodbye')).toEqual([text('Thank you for shopping with Example Shop. Goodbye!')]);
  }, 120_000);

  test('Customer support FAQ: a customer asks a FAQ, looks up a ticket, reaches a person and rates the help', async () => {
    const chat = await chatWithTemplate('customer-support-faq.enc', 'Help desk');
    expect(await chat.say('Hello')).toEqual([
      text(
        'Hello! I am the support assistant. Ask me about opening hours, passwords, refunds, shipping, payment or our plans, or give me your ticket number and I look it up. If I cannot help, I connect you with a colleague.',
      ),
    ]);
    expect(await chat.say('What are your opening hours?')).toEqual([
      text(
        'Our support team is there Monday to Friday from 9:00 to 17:00 (CET). Outside these hours, leave a message and we answer on the next working day.',
      ),
    ]);
    expect(await chat.say('What is the status of my ticket?')).toEqual([
      text('What is your ticket number? It is in the e-mail we sent you and looks like TCK-123456.'),
    ]);
    expect(await chat.say('TCK-104233')).toEqual([
      text(
        `Ticket TCK-104233 is in progress. Sam Taylor is looking after it; the last update was on ${readableDay(daysFromToday(-1))}.`,
      ),
    ]);
    expect(await chat.say('I want to talk to a person')).toEqual([
      text('Who can help you best: billing, technical support or sales?'),
    ]);
    expect(await chat.say('billing')).toEqual([text('What is your e-mail address, in case we get cut off?')]);
    expect(await chat.say('ada@example.com')).toEqual([
      text('In a few words: what can our billing team help you with?'),
    ]);
    const [handover, ...handedOver] = await chat.say('My invoice shows the wrong address');
    expect(handover).toEqual(
      text(
        expect.stringMatching(
          /^I'm connecting you with a colleague\. Please stay in the chat\. Your ticket number is TCK-\d{6}\.$/,
        ),
      ),
    );
    expect(handedOver).toEqual([{ type: 'event', name: 'handover' }]);
    expect(await chat.say('Bye')).toEqual([
      {
        type: 'rating',
        text: 'Before you go: how happy are you with my help today?',
        options: ['Very Satisfied', 'Satisfied', 'Neutral', 'Unsatisfied', 'Very unsatisfied'],
      },
    ]);
    expect(await chat.click('Very Satisfied')).toEqual([
      text('Thank you for your feedback, and have a nice day!'),
    ]);
  }, 120_000);

  test('Appointment booking: a client books a check-up, gets the confirmation card, and cancels it', async () => {
    const chat = await chatWithTemplate('appointment-booking.enc', 'Bookings');
    expect(await chat.say('Hi')).toEqual([
      text(
        'Hello! I am the booking assistant. I can book a consultation, a check-up or a follow-up at our Downtown, Riverside or Airport branch, tell you which slots are free, and move or cancel appointments. How can I help?',
      ),
    ]);
    expect(await chat.say('I would like to book a check-up')).toEqual([
      text('Which branch suits you best: Downtown, Riverside or Airport?'),
    ]);
    expect(await chat.say('Downtown')).toEqual([text('On which day would you like to come?')]);
    const slot = `${readableDay(nextWeekday(5))} at 09:00`;
    expect(await chat.say('next Friday')).toEqual([
      {
        type: 'options',
        text: `The first free check-up at Downtown is on ${slot}. Shall I book it for you?`,
        options: ['Book it', 'No, thanks'],
      },
    ]);
    expect(await chat.click('Book it')).toEqual([text('Under which name shall I book it?')]);
    expect(await chat.say('Ada Lovelace')).toEqual([text('And your e-mail address, for the confirmation?')]);
    const [card, ...afterCard] = await chat.say('ada@example.com');
    const facts = card?.type === 'adaptiveCard' ? (card.card.body as CardPart[]) : [];
    expect(facts[0]?.text).toBe('Your appointment is booked');
    expect(facts[1]?.facts?.slice(0, 3)).toEqual([
      { title: 'Service', value: 'check-up' },
      { title: 'Where', value: 'Downtown' },
      { title: 'When', value: slot },
    ]);
    const reference = facts[1]?.facts?.[3];
    expect(reference).toEqual({ title: 'Reference', value: expect.stringMatching(/^BK-[A-Z0-9]{6}$/) });
    expect(afterCard).toEqual([
      text('You can cancel or move it free of charge up to 24 hours before it starts. See you then!'),
    ]);

    // The reference on the card cancels the booking.
    const booked = reference?.value ?? '';
    expect(await chat.say('I want to cancel my appointment')).toEqual([
      text('What is your booking reference? It is in your confirmation e-mail and looks like BK-4F7Q2Z.'),
    ]);
    expect(await chat.say(booked)).toEqual([
      {
        type: 'options',
        text: `Shall I cancel appointment ${booked}? Cancelling is free up to 24 hours before it starts.`,
        options: ['Yes, cancel it', 'No, keep it'],
      },
    ]);
    expect(await chat.click('Yes, cancel it')).toEqual([
      text(`Your appointment ${booked} is cancelled. You get a confirmation by e-mail.`),
    ]);
    expect(await chat.say('Goodbye')).toEqual([
      text('Thank you, and goodbye! If your plans change, write to us at appointments@example.com.'),
    ]);
  }, 120_000);

  test("branches by an entity's canonical form take the form the user named, in any of its words", async () => {
    const chat = await chatWithTemplate('customer-support-faq.enc', 'Plan desk');
    expect(await chat.say('Tell me about the professional plan')).toEqual([
      text(
        'The Pro plan is for growing teams: every feature for the whole team, with help by chat and phone.',
      ),
      {
        type: 'options',
        text: 'Would you like to talk to our sales team about the Pro plan?',
        options: ['Yes, please', 'No, thanks'],
      },
    ]);
  }, 120_000);

  /** The template's function, its code made to throw: the system behind it is away. */
  async function breakFunction(botName: string, name: string) {
    const functions = expectStatus(await admin('GET', functionsPath(botName)), 200).json() as FunctionView[];
    const fn = functions.find((candidate) => candidate.name === name);
    expectStatus(
      await admin('PUT', functionPath(botName, name), {
        ...fn,
        code: "throw new Error('the system is away');",
      }),
      200,
    );
  }

  test('a system a template calls is away: the user hears so, the chat goes on, and nothing ends early', async () => {
    const chat = await chatWithTemplate('order-status.enc', 'Order desk offline');
    // A readable date is a nicety: without the helper, the card gives the date as it came.
    await breakFunction('Order desk offline', 'Format date');
    expect(await chat.say('Where is my order?')).toHaveLength(1);
    const [card] = await chat.say('ORD-20250314');
    const facts = card?.type === 'adaptiveCard' ? (card.card.body as CardPart[])[1]?.facts : [];
    expect(facts).toEqual([
      { title: 'Status', value: 'shipped' },
      { title: 'Arrives', value: daysFromToday(2).toISOString().slice(0, 10) },
    ]);

    // The order system itself away: the lookup's Call failed path says so, not the unexpected-error message.
    await breakFunction('Order desk offline', 'Order lookup');
    expect(await chat.say('Where is ORD-20250315?')).toEqual([
      text('I cannot reach our order system right now. Please try again in a few minutes.'),
    ]);
    expect(await chat.say('Goodbye')).toEqual([text('Thank you for shopping with Example Shop. Goodbye!')]);
  }, 120_000);
});
