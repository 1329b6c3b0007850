import {
  BOT_BUNDLE_FILE_FIELD,
  BOT_BUNDLE_FORMAT,
  type EntityView,
  type FunctionView,
  type IntentView,
  type VariablesAndObjects,
} from '@parley/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { bundleKey, decodeBundle, encodeBundle } from '../../src/bot-bundle/bundle-codec';
import { type Call, expectStatus } from './admin-world';
import { entitiesPath, intentsPath, multipartBody } from './bot-content';
import { botPath } from './bots';
import { flowContent, intentFlowPath, subFlowPath } from './flows';
import { functionsPath } from './functions';
import type { TestServer } from './test-server';
import { variablesPath } from './variables';

export const STAGING_URL = '/api/bots/import/staging';

/** The import's query string from the dialog's choices. */
export const importUrl = (choice: Record<string, string | boolean>) =>
  `/api/bots/import?${new URLSearchParams(Object.entries(choice).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

/** Uploads bytes as the bot-file form field, as the owner of the token. */
export function uploadBotFile(
  server: TestServer,
  token: string,
  url: string,
  data: Buffer | string,
  fileName = 'bot-Support.enc',
  textFields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(BOT_BUNDLE_FILE_FIELD, fileName, data, textFields);
  return server.request({
    method: 'POST',
    url,
    token,
    body: payload,
    headers: { 'content-type': contentType },
  });
}

/** GET /api/bots/{bot}/export: the file's bytes; POST with a passphrase seals the functions' credentials in. */
export async function exportBotFile(call: Call, botName: string, passphrase?: string): Promise<Buffer> {
  const response =
    passphrase === undefined
      ? await call('GET', `${botPath(botName)}/export`)
      : await call('POST', `${botPath(botName)}/export`, { passphrase });
  return expectStatus(response, 200).rawPayload;
}

/** What an exported file holds, opened with the shared key (or the secret given). */
export const openBotFile = (file: Buffer, secret?: string): BundleJson =>
  decodeBundle(file, bundleKey(secret), 64 * 1024 * 1024) as BundleJson;

/** A file made the way Parley makes them, around any JSON (valid or not). */
export const sealBotFile = (json: unknown, secret?: string): Buffer => encodeBundle(json, bundleKey(secret));

export interface BundleJson {
  format: string;
  exportedAt: string;
  bot: { botName: string; displayName: string; region: string };
  sections: Record<string, unknown>;
  credentials?: { state: string; functions: string[] };
}

/** The smallest valid bundle: a bot with its settings and nothing else, with sections replaced as given. */
export function minimalBundle(sections: Record<string, unknown> = {}): BundleJson {
  return {
    format: BOT_BUNDLE_FORMAT,
    exportedAt: new Date().toISOString(),
    bot: { botName: 'Tiny', displayName: 'Tiny', region: 'eu-west' },
    sections: {
      settings: {
        language: 'en',
        supportedLanguages: ['en'],
        intentRecognizerProvider: 'parley',
        entityExtractorProvider: 'parley',
        sentimentAnalysisProvider: null,
        nluAutomate: false,
        disableTestInteractions: false,
        confidence: 0.7,
        lowConfidence: 0.3,
      },
      ...sections,
    },
  };
}

/**
 * Everything a user can read of a bot through the API, without what differs from bot to bot by
 * nature (ids, the bot's own id and name): two bots with equal snapshots are the same bot.
 */
export async function botSnapshot(call: Call, botName: string) {
  const bot = expectStatus(await call('GET', botPath(botName)), 200).json();
  const intents = expectStatus(await call('GET', intentsPath(botName)), 200).json() as IntentView[];
  const entities = expectStatus(await call('GET', entitiesPath(botName)), 200).json() as EntityView[];
  const functions = expectStatus(await call('GET', functionsPath(botName)), 200).json() as FunctionView[];
  const variables = expectStatus(
    await call('GET', `${variablesPath(botName)}/all`),
    200,
  ).json() as VariablesAndObjects;
  const dataset = await call('GET', `${botPath(botName)}/nlu-dataset`);
  const withoutIds = (examples: IntentView['utterances']) => examples.map((e) => e.text);
  // Every flow with its versions and activations, as the flow editor reads them.
  const flows = Object.fromEntries(
    await Promise.all([
      ...intents.map(
        async (i) => [`intent ${i.name}`, await flowContent(call, intentFlowPath(botName, i.name))] as const,
      ),
      ...functions
        .filter((f) => f.type === 'flow')
        .map(async (f) => [`sub ${f.name}`, await flowContent(call, subFlowPath(botName, f.name))] as const),
    ]),
  );
  return {
    region: bot.region,
    settings: bot.settings,
    // The NLU test dataset as its download gives it (404 without one).
    nluDataset: dataset.statusCode === 200 ? dataset.body : null,
    intents: intents.map((i) => ({
      ...i,
      utterances: withoutIds(i.utterances),
      patterns: withoutIds(i.patterns),
    })),
    entities: entities.map(({ botId: _botId, ...e }) => e),
    // The list is in the order functions were made; an import makes them within milliseconds,
    // where ties fall back to name order, so they are compared by name.
    functions: functions.map(({ botId: _botId, ...f }) => f).sort((a, b) => a.name.localeCompare(b.name)),
    variables: variables.variables,
    flows,
    isGlobalVariable: variables.isGlobalVariable,
    objects: Object.fromEntries(
      Object.entries(variables.objects).map(([name, o]) => [
        name,
        {
          isGlobal: o.isGlobal,
          properties: Object.values(o.variables).map(({ botId: _botId, ...p }) => p),
        },
      ]),
    ),
  };
}

/** The bot names of the caller's overview. */
export const botNames = async (call: Call): Promise<string[]> =>
  (expectStatus(await call('GET', '/api/bots'), 200).json() as Array<{ botName: string }>).map(
    (b) => b.botName,
  );
