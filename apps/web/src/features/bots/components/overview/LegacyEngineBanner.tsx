import {
  BOT_MESSAGES,
  type BotView,
  engineById,
  LEGACY_ENGINE,
  LEGACY_ENGINE_END_DATE,
} from '@parley/contracts';
import { Banner } from '../../../../ui';

const usesLegacyEngine = (bot: BotView) =>
  bot.settings.intentRecognizerProvider === LEGACY_ENGINE ||
  bot.settings.entityExtractorProvider === LEGACY_ENGINE;

/** Shown while any bot still uses the retired engine for intents or entities (spec 01 section 2). */
export function LegacyEngineBanner({ bots }: { bots: BotView[] }) {
  const affected = bots.filter(usesLegacyEngine);
  if (affected.length === 0) return null;
  const engine = engineById(LEGACY_ENGINE)?.label ?? LEGACY_ENGINE;
  return (
    <Banner tone="warning" title={`${engine} is being retired`}>
      <p>{BOT_MESSAGES.legacyEngine(engine, LEGACY_ENGINE_END_DATE)}</p>
      <p>Still using it: {affected.map((bot) => bot.displayName).join(', ')}.</p>
    </Banner>
  );
}
