import { Permission } from '@parley/contracts';
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import type { AppContext } from '../context';
import { registerGuard } from './guard';

/** The guard reads a bot rule's bot from the path only, so a bot route without `:bot` cannot start. */
describe('bot access rules', () => {
  // Declaring routes asks nothing of the context; requests are not sent here.
  const guarded = () => {
    const app = Fastify();
    registerGuard(app, {} as AppContext);
    return app;
  };
  const handler = async () => ({});

  test.each(['/api/bots/:bot', '/api/bots/:bot/intents', '/api/users/:email/roles/for-bot/:botName'])(
    '%s may declare one',
    async (url) => {
      const app = guarded();
      app.get(url, { config: { access: { botPermission: Permission.ManageIntents } } }, handler);
      app.post(url, { config: { access: 'botMember' } }, handler);
      await expect(app.ready()).resolves.toBeDefined();
      await app.close();
    },
  );

  test.each(['/api/bots', '/api/bots/:botId', '/api/bots/:name/intents'])(
    '%s, naming no bot, may not',
    (url) => {
      const app = guarded();
      expect(() =>
        app.get(url, { config: { access: { botPermission: Permission.ManageIntents } } }, handler),
      ).toThrow(/bot access rule but no :bot/);
      expect(() => app.post(url, { config: { access: 'botMember' } }, handler)).toThrow(
        /bot access rule but no :bot/,
      );
    },
  );
});
