import { DEFAULT_RECOGNIZER, engineById } from '@parley/contracts';
import type { Bot } from '@parley/db';
import { load, type NluPrediction, type NluTrainingData, train } from '@parley/nlu';
import type { AppContext } from '../context';
import type { NluProviderRegistry } from '../nlu/nlu-providers';

/** What measuring needs of an engine: train a throwaway model on `data`, answer `texts`. */
export interface MeasuringEngine {
  id: string;
  languages: readonly string[];
  measure(data: NluTrainingData, texts: readonly string[]): Promise<NluPrediction[]>;
}

/** Lets other requests in between predictions: training and predicting are synchronous. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The embedded engine measured directly with @parley/nlu, for as long as the app context has
 * no provider registry (`ctx.nlu`, the publishing work): same contract as `NluProvider.measure`.
 */
const embeddedEngine: MeasuringEngine = {
  id: DEFAULT_RECOGNIZER,
  languages: engineById(DEFAULT_RECOGNIZER)?.languages ?? [],
  async measure(data, texts) {
    await breathe();
    const predictor = load(train(data));
    const answers: NluPrediction[] = [];
    for (const [i, text] of texts.entries()) {
      if (i % 50 === 49) await breathe();
      answers.push(predictor.predict(text));
    }
    return answers;
  },
};

const registryOf = (ctx: AppContext): NluProviderRegistry | undefined =>
  (ctx as AppContext & { nlu?: NluProviderRegistry }).nlu;

/** The engine that measures for provider `id`, or undefined when Parley has none for it yet. */
export function measuringEngine(ctx: AppContext, id: string): MeasuringEngine | undefined {
  const provider = registryOf(ctx)?.get(id);
  if (provider) return provider;
  return id === embeddedEngine.id ? embeddedEngine : undefined;
}

/**
 * Whether a provider is set up for the bot (resource and NLU exist): the embedded engine always
 * is; a cloud one when its registry provider says so. Unconfigured providers are never measured.
 */
export async function isConfiguredFor(ctx: AppContext, bot: Bot, id: string): Promise<boolean> {
  if (engineById(id)?.isEmbedded) return measuringEngine(ctx, id) !== undefined;
  const provider = registryOf(ctx)?.get(id);
  if (!provider) return false;
  const language = typeof bot.settings.language === 'string' ? bot.settings.language : '';
  const status = await provider.status({ tenantId: bot.tenantId, botId: bot.id, language });
  return status.hasResource && status.hasNlu;
}
