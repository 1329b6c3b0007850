import {
  conflict,
  type NluDecision,
  type NluPredictBody,
  type NluPredictionView,
  nluProviderLabel,
  readBotSettings,
  SYNC_MESSAGES,
} from '@parley/contracts';
import { NluModelMissing } from '@parley/nlu';
import { recognitionDecision } from '@parley/runtime';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { loadBot } from '../bots/bot-access.service';
import { botRefOf } from './engine/bot-ref';
import { recognitionOf } from './engine/recognition';

/**
 * The bot's thresholds decide what the runtime would do with the answer (spec 04 section 3:
 * confidence, lowConfidence), by the runtime's own rule: the engine's None is no intent.
 */
export function decisionOf(topIntent: string, confidence: number, high: number, low: number): NluDecision {
  return recognitionDecision(recognitionOf({ topIntent, confidence }), {
    confidence: high,
    lowConfidence: low,
  });
}

/** POST /api/{bot}/nlu/predict: the bot's recognizer answers with its published (or draft) model. */
export async function predictIntent(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: NluPredictBody,
): Promise<NluPredictionView> {
  const bot = await loadBot(principal, botRef);
  const settings = readBotSettings(bot.settings);
  const recognizer = settings.intentRecognizerProvider;
  const provider = recognizer ? ctx.nluProviders.get(recognizer) : undefined;
  if (!recognizer || !provider)
    throw conflict(
      recognizer
        ? `${nluProviderLabel(recognizer)} cannot answer predictions here yet.`
        : 'This bot has no intent recognizer.',
    );
  const kind = body.model ?? 'published';
  try {
    const p = await provider.predict(botRefOf(bot), kind, body.text);
    return {
      topIntent: p.topIntent,
      confidence: p.confidence,
      intents: p.intents,
      entities: p.entities,
      sentiment: p.sentiment,
      decision: decisionOf(p.topIntent, p.confidence, settings.confidence, settings.lowConfidence),
    };
  } catch (error) {
    if (error instanceof NluModelMissing)
      throw conflict(kind === 'published' ? SYNC_MESSAGES.noPublishedModel : SYNC_MESSAGES.noDraftModel);
    throw error;
  }
}
