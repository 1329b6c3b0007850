import {
  ENGINES,
  type EngineDefinition,
  type MeasuringProviderView,
  type NluMeasuringBody,
  type NluMeasuringView,
  readBotSettings,
  readMeasuringSettings,
} from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { nluPerformanceBot } from './nlu-test-access';
import { isConfiguredFor } from './nlu-test-engines';

const primaryOf = (bot: Bot): string | null => readBotSettings(bot.settings).intentRecognizerProvider;

/** Intent recognizers a bot could be measured with: the catalogue's, retired ones aside. */
const RECOGNIZERS = (ENGINES as readonly EngineDefinition[]).filter(
  (e) => e.roles.includes('intentRecognizer') && !e.isRetired,
);

/**
 * The measuring toggles (spec 04 section 4 'Measuring'): the primary NLU always on and locked,
 * an unconfigured provider always off (and locked), the others as stored.
 */
export async function measuringProviders(ctx: AppContext, bot: Bot): Promise<MeasuringProviderView[]> {
  const stored = readMeasuringSettings(bot.settings);
  const primary = primaryOf(bot);
  return Promise.all(
    RECOGNIZERS.map(async (engine) => {
      const isPrimary = engine.id === primary;
      const isConfigured = isPrimary || (await isConfiguredFor(ctx, bot, engine.id));
      return {
        id: engine.id,
        label: engine.label,
        isPrimary,
        isConfigured,
        isOn: isPrimary || (isConfigured && stored.measuringRecognizers.includes(engine.id)),
        isLocked: isPrimary || !isConfigured,
      };
    }),
  );
}

/**
 * The recognizers an NLU test measures: the primary always; with measuring on, every other
 * provider switched on and configured. Order: the primary first.
 */
export async function recognizersToMeasure(ctx: AppContext, bot: Bot): Promise<string[]> {
  const primary = primaryOf(bot);
  const measuring = readMeasuringSettings(bot.settings).intentDetectionMeasuring;
  const providers = await measuringProviders(ctx, bot);
  const others = measuring ? providers.filter((p) => p.isOn && !p.isPrimary).map((p) => p.id) : [];
  return [...(primary ? [primary] : []), ...others];
}

export async function measuringView(ctx: AppContext, bot: Bot): Promise<NluMeasuringView> {
  const stored = readMeasuringSettings(bot.settings);
  const providers = await measuringProviders(ctx, bot);
  return {
    intentDetectionMeasuring: stored.intentDetectionMeasuring,
    measuringRecognizers: providers.filter((p) => p.isOn).map((p) => p.id),
    performanceRecognizers: stored.performanceRecognizers,
    providers,
  };
}

/** GET /api/bots/{bot}/nlu-measuring. */
export async function readNluMeasuring(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
): Promise<NluMeasuringView> {
  return measuringView(ctx, await nluPerformanceBot(ctx, principal, botRef));
}

/**
 * PUT /api/bots/{bot}/nlu-measuring: stores the toggles; the primary is added and unconfigured
 * or unknown providers are dropped, so what is stored is what the tab shows.
 */
export async function saveNluMeasuring(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: NluMeasuringBody,
): Promise<NluMeasuringView> {
  const bot = await nluPerformanceBot(ctx, principal, botRef);
  const providers = await measuringProviders(ctx, bot);
  const wanted = new Set(body.measuringRecognizers);
  const measuringRecognizers = providers
    .filter((p) => p.isPrimary || (p.isConfigured && wanted.has(p.id)))
    .map((p) => p.id);
  const settings = {
    ...bot.settings,
    intentDetectionMeasuring: body.intentDetectionMeasuring,
    measuringRecognizers,
  };
  await principal.scope.bots.update(bot.id, { settings });
  return measuringView(ctx, { ...bot, settings });
}

/** Records the latest accuracy per recognizer (the settings' performanceRecognizers map). */
export async function recordPerformance(
  scope: TenantScope,
  botId: string,
  botName: string,
  accuracies: Record<string, number>,
): Promise<void> {
  // Re-read: the bot's settings may have changed while the test ran.
  const fresh = await scope.bots.get(botName);
  if (!fresh || fresh.id !== botId) return;
  const performanceRecognizers = {
    ...readMeasuringSettings(fresh.settings).performanceRecognizers,
    ...accuracies,
  };
  await scope.bots.update(botId, { settings: { ...fresh.settings, performanceRecognizers } });
}
