import type { BotSyncStatusView, NluPredictionView, SyncProgressView } from '@parley/contracts';
import { buildFlowXml, type FlowStep } from '@parley/flows';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type Call, expectStatus } from './admin-world';
import { intentFlowPath } from './flows';
import { pollUntil } from './poll-until';

export const syncPath = (bot: string, call: string, query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString();
  return `/api/synchronization/${encodeURIComponent(bot)}/${call}${search ? `?${search}` : ''}`;
};

export const predictPath = (bot: string) => `/api/${encodeURIComponent(bot)}/nlu/predict`;

/** Starts a publish of the bot to one provider; answers the sync id. */
export async function startPublish(call: Call, bot: string, provider = 'parley', at = Date.now()) {
  const syncId = `${bot}|${at}`;
  const response = await call('POST', syncPath(bot, 'sync', { provider, syncId }));
  return { syncId, response };
}

/** Polls GET /progress (as the web does, only faster) until the sync is done. */
export async function waitForSync(
  call: Call,
  bot: string,
  syncId: string,
  provider = 'parley',
): Promise<SyncProgressView> {
  return pollUntil(
    `the sync ${syncId} of ${bot} to end`,
    async () =>
      expectStatus(
        await call('GET', syncPath(bot, 'progress', { provider, syncId })),
        200,
      ).json() as SyncProgressView,
    (progress) => progress.isDone,
    { timeoutMs: 60_000, intervalMs: 100 },
  );
}

/**
 * What a test bot starts from: each intent's flow, drawn from its steps, activated for the test
 * chat (or for production, with `target`), then the bot published to its end.
 */
export async function publishTestFlows(
  call: Call,
  bot: string,
  flows: Record<string, readonly FlowStep[]>,
  { target = 'test', languages = ['en'] }: { target?: 'test' | 'published'; languages?: string[] } = {},
): Promise<void> {
  for (const [intent, steps] of Object.entries(flows)) {
    const xml = await buildFlowXml([...steps], { languages });
    expectStatus(await call('PUT', `${intentFlowPath(bot, intent)}/${target}-version`, { xml }), 200);
  }
  const { syncId } = await startPublish(call, bot);
  expect((await waitForSync(call, bot, syncId)).state).toBe('Succeeded');
}

export async function syncStatusOf(call: Call, bot: string): Promise<BotSyncStatusView> {
  return expectStatus(await call('GET', syncPath(bot, 'status')), 200).json() as BotSyncStatusView;
}

export async function predict(
  call: Call,
  bot: string,
  text: string,
  model?: 'published' | 'draft',
): Promise<NluPredictionView> {
  return expectStatus(await call('POST', predictPath(bot), { text, ...(model && { model }) }), 200).json();
}

/** The answer's code and message. */
export const errorOf = (response: LightMyRequestResponse) =>
  [response.statusCode, (response.json() as { code: string }).code, response.json().message] as const;
