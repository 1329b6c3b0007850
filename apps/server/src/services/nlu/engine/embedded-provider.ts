import { randomUUID } from 'node:crypto';
import { engineById } from '@parley/contracts';
import type { Repositories, StoredNluModel } from '@parley/db';
import {
  load,
  type NluBotRef,
  type NluModelKind,
  NluModelMissing,
  type NluPrediction,
  type NluProvider,
  NluProviderError,
  type NluTrainingData,
} from '@parley/nlu';
import { type BlobStore, botBlobPrefix } from '../../../blobs/blob-store';
import { createPredictorCache } from './predictor-cache';
import { TrainingRefused, trainInWorker } from './train-in-worker';
import { trainingDataHash } from './training-data-hash';

export const EMBEDDED_PROVIDER_ID = 'parley';

const languagesOf = (id: string) => engineById(id)?.languages ?? [];

/**
 * Parley NLU, the embedded engine (spec 02 section 4 'Per provider', 'all at once'): its
 * resource and NLU are a row per bot, its draft and published models are blobs the rows name,
 * training runs in a worker thread. Loaded predictors are cached per bot and model version.
 */
export function createEmbeddedProvider(
  repos: Repositories,
  blobs: BlobStore,
  options: {
    /**
     * Keeps a bot's model version between messages until the bot changes (the server's bot runtime
     * cache); without it every prediction reads the version.
     */
    remember?: <T>(bot: NluBotRef, name: string, load: () => Promise<T>) => Promise<T>;
  } = {},
): NluProvider {
  const id = EMBEDDED_PROVIDER_ID;
  const remember = options.remember ?? ((_bot, _name, load) => load());
  const cache = createPredictorCache();
  const modelsOf = (bot: NluBotRef) => repos.forTenant(bot.tenantId).nluModels(bot.botId);
  const modelsPrefix = (bot: NluBotRef) => `${botBlobPrefix(bot.tenantId, bot.botId)}nlu-models/${id}/`;

  /** The serialised model a row names (rows written before blobs hold it inline). */
  async function modelText(stored: StoredNluModel['model'] | undefined): Promise<string | undefined> {
    if (!stored) return undefined;
    if ('inline' in stored) return stored.inline;
    return (await blobs.get(stored.blobKey))?.data.toString('utf8');
  }

  /** Deletes the provider's model blobs that neither the draft nor the published row names. */
  async function dropUnusedModels(bot: NluBotRef): Promise<void> {
    const kept = new Set(await modelsOf(bot).blobKeys(id));
    for (const key of await blobs.list(modelsPrefix(bot))) if (!kept.has(key)) await blobs.delete(key);
  }

  /** A model trained off the main thread; the engine's refusal is the provider's, for the step to show. */
  async function train(data: NluTrainingData, onProgress?: (percent: number) => void): Promise<string> {
    try {
      return await trainInWorker(data, onProgress);
    } catch (error) {
      if (error instanceof TrainingRefused) throw new NluProviderError(error.message);
      throw error;
    }
  }

  return {
    id,
    languages: languagesOf(id),
    syncMode: 'all-at-once',

    async status(bot) {
      const { hasResource, hasNlu } = await modelsOf(bot).state(id);
      return { hasResource, hasNlu };
    },
    async createResource(bot) {
      await modelsOf(bot).setState(id, { hasResource: true });
    },
    async createNlu(bot) {
      const models = modelsOf(bot);
      if (!(await models.state(id)).hasResource)
        throw new NluProviderError('The resource must exist before the NLU.');
      await models.setState(id, { hasNlu: true });
    },
    async remove(bot) {
      const models = modelsOf(bot);
      await models.removeAll(id);
      await models.removeState(id);
      await blobs.deletePrefix(modelsPrefix(bot));
      cache.forget(`${bot.botId}|`);
    },

    async train(bot, data, onProgress) {
      onProgress(0);
      const model = await train(data, onProgress);
      const key = `${modelsPrefix(bot)}${randomUUID()}.json`;
      await blobs.put(key, Buffer.from(model, 'utf8'), 'application/json');
      await modelsOf(bot).saveDraft(id, key, trainingDataHash(data));
      await dropUnusedModels(bot);
      onProgress(100);
    },
    async publish(bot) {
      if (!(await modelsOf(bot).publishDraft(id)))
        throw new NluProviderError('There is no trained model to publish.');
      await dropUnusedModels(bot);
    },
    async predict(bot, kind: NluModelKind, text): Promise<NluPrediction> {
      const models = modelsOf(bot);
      const version = await remember(bot, `nlu-model:${id}:${kind}`, () => models.version(id, kind));
      const predictor =
        version === undefined
          ? undefined
          : await cache.get(`${bot.botId}|${kind}`, version, async () =>
              modelText((await models.get(id, kind))?.model),
            );
      if (!predictor) throw new NluModelMissing(kind);
      return predictor.predict(text);
    },
    async measure(data, texts) {
      const predictor = load(await train(data));
      return texts.map((text) => predictor.predict(text));
    },
  };
}
