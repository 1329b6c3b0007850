import type { NluDatasetRowView, SyncComparison } from '@parley/contracts';
import { type NluBotRef, type NluModelKind, NluModelMissing, type NluProvider } from '@parley/nlu';

/** Share of rows whose top intent is the expected one (intent names compared ignoring case). */
async function accuracy(
  provider: NluProvider,
  bot: NluBotRef,
  kind: NluModelKind,
  rows: readonly NluDatasetRowView[],
): Promise<number> {
  let right = 0;
  for (const [index, row] of rows.entries()) {
    const prediction = await provider.predict(bot, kind, row.utterance);
    if (prediction.topIntent.toLowerCase() === row.intent.toLowerCase()) right += 1;
    // Long datasets: let other requests in now and then.
    if (index % 200 === 199) await new Promise((resolve) => setImmediate(resolve));
  }
  return rows.length === 0 ? 0 : right / rows.length;
}

/**
 * The new draft against the published model on the bot's test dataset (spec: NLU Performance
 * owns the dataset). Worse means strictly less accurate than the published model.
 */
export async function compareModels(
  provider: NluProvider,
  bot: NluBotRef,
  rows: readonly NluDatasetRowView[],
): Promise<SyncComparison> {
  const draftAccuracy = await accuracy(provider, bot, 'draft', rows);
  const publishedAccuracy = await accuracy(provider, bot, 'published', rows).catch((error: unknown) => {
    // Nothing published before: nothing to be worse than.
    if (error instanceof NluModelMissing) return null;
    throw error;
  });
  return {
    testSize: rows.length,
    draftAccuracy,
    publishedAccuracy,
    isWorse: publishedAccuracy !== null && draftAccuracy < publishedAccuracy,
  };
}
