import { load, NluModelError, type NluPredictor } from '@parley/nlu';

/**
 * Loaded predictors of one process by bot, provider and model kind, each with the model
 * version it was loaded from. A caller asks with the current version (one small query): a
 * newer one (published here or by another process) is loaded and replaces the old entry, so
 * the next message uses the new model while a prediction in flight finishes on the old one.
 * A model stored by an engine of another format version cannot answer: it counts as no
 * model, so the bot asks for a publish (which trains one in the current format).
 */
export function createPredictorCache(maxEntries = 200) {
  const entries = new Map<string, { version: number; predictor: NluPredictor }>();
  return {
    async get(
      key: string,
      version: number,
      loadModel: () => Promise<string | undefined>,
    ): Promise<NluPredictor | undefined> {
      const cached = entries.get(key);
      if (cached && cached.version === version) {
        // Most recently used last: the first entry is the one to drop when full.
        entries.delete(key);
        entries.set(key, cached);
        return cached.predictor;
      }
      const serialised = await loadModel();
      if (serialised === undefined) return undefined;
      const predictor = loadable(serialised);
      if (!predictor) return undefined;
      entries.delete(key);
      entries.set(key, { version, predictor });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return predictor;
    },
    forget(prefix: string): void {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}

export type PredictorCache = ReturnType<typeof createPredictorCache>;

function loadable(serialised: string): NluPredictor | undefined {
  try {
    return load(serialised);
  } catch (error) {
    if (error instanceof NluModelError) return undefined;
    throw error;
  }
}
