import { buildFlowXml } from '@parley/flows';
import { PIZZA_INTENTS, PIZZA_ORDER_FLOW } from '../../../server/test/support/pizza-bot';
import { pollUntil } from '../../../server/test/support/poll-until';
import type { ApiCall } from './bot-content';

/** The pizza bot's intents and order flow (activated to test), published: a bot the test chat can talk to. */
export async function preparePizzaBot(tina: ApiCall, bot: string): Promise<void> {
  const path = (rest: string) => `/api/${encodeURIComponent(bot)}${rest}`;
  for (const intent of PIZZA_INTENTS) await tina('POST', path('/intents'), intent);
  const xml = await buildFlowXml(PIZZA_ORDER_FLOW, { languages: ['en'] });
  await tina('PUT', `${path('/intents/OrderPizza')}/test-version`, { xml });
  await publishBot(tina, bot);
}

/** Publishes the bot's NLU model and waits until the publish has ended. */
export async function publishBot(tina: ApiCall, bot: string): Promise<void> {
  const syncId = `${bot}|${Date.now()}`;
  const sync = `/api/synchronization/${encodeURIComponent(bot)}`;
  await tina('POST', `${sync}/sync?provider=parley&syncId=${encodeURIComponent(syncId)}`);
  await pollUntil(
    'the publish to end',
    () =>
      tina('GET', `${sync}/progress?provider=parley&syncId=${encodeURIComponent(syncId)}`) as Promise<{
        isDone: boolean;
      }>,
    (progress) => progress.isDone,
    { timeoutMs: 60_000, intervalMs: 200 },
  );
}

/** A bot made from a starter template (its flows come activated), published. */
export async function publishedTemplateBot(tina: ApiCall, bot: string, template: string): Promise<void> {
  await tina('POST', '/api/bot', { name: bot, region: 'eu-west', createType: 'template', template });
  await publishBot(tina, bot);
}
