import type { BotDetails, BotView } from '@parley/contracts';
import { type Call, expectStatus } from './admin-world';

/** Creates a bot from scratch through POST /api/bot and answers it. */
export async function createBot(
  call: Call,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<BotDetails> {
  const response = await call('POST', '/api/bot', { name, region: 'eu-west', language: 'en', ...extra });
  return expectStatus(response, 200).json().bot as BotDetails;
}

/** The names on the caller's bot overview. */
export async function overviewNames(call: Call): Promise<string[]> {
  return (expectStatus(await call('GET', '/api/bots'), 200).json() as BotView[]).map((b) => b.botName);
}

/** Path segment of a bot name. */
export const botPath = (name: string) => `/api/bots/${encodeURIComponent(name)}`;
