import { engineById } from '@parley/contracts';
import type { Bot } from '@parley/db';
import type { AppContext } from '../context';
import type { NluProvider } from '../nlu/nlu-provider';

/** What measuring needs of an engine: `measure` trains a throwaway model and answers texts. */
export type MeasuringEngine = Pick<NluProvider, 'id' | 'languages' | 'measure'>;

/** The provider that measures for engine `id`, or undefined when Parley has none for it yet. */
export function measuringEngine(ctx: AppContext, id: string): MeasuringEngine | undefined {
  return ctx.nluProviders.get(id);
}

/**
 * Whether a provider can be measured for the bot: the embedded engine always (it needs no
 * account); a cloud one when its resource and NLU exist. Unconfigured providers are never
 * measured (spec 04 section 4 'Measuring').
 */
export async function isConfiguredFor(ctx: AppContext, bot: Bot, id: string): Promise<boolean> {
  const provider = ctx.nluProviders.get(id);
  if (!provider) return false;
  if (engineById(id)?.isEmbedded) return true;
  const language = typeof bot.settings.language === 'string' ? bot.settings.language : '';
  const status = await provider.status({ tenantId: bot.tenantId, botId: bot.id, language });
  return status.hasResource && status.hasNlu;
}
