import type { ChannelId } from '@parley/contracts';
import { expect } from 'vitest';
import { as, type Call, expectStatus } from './admin-world';
import { startPublish, waitForSync } from './publishing';
import { buildOwnAdminWorld, type MasterWorld, uniqueKey } from './tenant-world';
import type { TestServer } from './test-server';

/** What the support template answers (customer-support-faq): the lines a channel test checks. */
export const TEMPLATE_CONVERSATION = {
  greetingSaid: 'hello',
  greeting: 'I am the support assistant',
  goodbyeSaid: 'bye',
  rating: 'Before you go: how happy are you with my help today?',
  ratingOptions: ['Very Satisfied', 'Satisfied', 'Neutral', 'Unsatisfied', 'Very unsatisfied'],
  thanks: 'Thank you for your feedback',
} as const;

export interface ChannelTemplateBot {
  admin: Call;
  botName: string;
  botId: string;
  tenantId: string;
  botPath: string;
}

/**
 * A bot of a tenant of the test's own, made from the support template and published, with the
 * channels added and enabled on its Configuration tab. Publishing takes a few seconds: make one
 * per test file and share it.
 */
export async function channelTemplateBot(
  server: TestServer,
  base: MasterWorld,
  channels: readonly ChannelId[],
  botName = 'Support Desk',
): Promise<ChannelTemplateBot> {
  const world = await buildOwnAdminWorld(server, base, uniqueKey());
  const admin = as(server, world.tenantAdmin);
  expectStatus(
    await admin('POST', '/api/bot', {
      name: botName,
      region: 'eu-west',
      createType: 'template',
      template: 'customer-support-faq.enc',
    }),
    200,
  );
  expectStatus(
    await admin('POST', `/api/bots/${encodeURIComponent(botName)}/configuration`, {
      channels: channels.map((name) => ({ name, visible: true, enabled: true })),
    }),
    200,
  );
  const { syncId } = await startPublish(admin, botName);
  expect((await waitForSync(admin, botName, syncId)).state).toBe('Succeeded');
  const bot = await server.ctx.repos.forTenant(world.tenantB).bots.get(botName);
  if (!bot) throw new Error('the template bot is missing');
  return { admin, botName, botId: bot.id, tenantId: world.tenantB, botPath: encodeURIComponent(botName) };
}

/** Turns a channel of the bot on or off on its Configuration tab. */
export async function setChannelEnabled(bot: ChannelTemplateBot, channel: ChannelId, enabled: boolean) {
  expectStatus(
    await bot.admin('POST', `/api/bots/${bot.botPath}/configuration`, {
      channels: [{ name: channel, visible: true, enabled }],
    }),
    200,
  );
}

/** The bot's stored conversations of a channel, with their turns. */
export async function conversationsOn(server: TestServer, bot: ChannelTemplateBot, channel: string) {
  const conversations = server.ctx.repos.forTenant(bot.tenantId).conversations(bot.botId);
  const all = await conversations.list({ isTest: false });
  return Promise.all(
    all
      .filter((c) => c.channel === channel)
      .map(async (c) => ({ ...c, turns: await conversations.turnsOf(c.id) })),
  );
}
