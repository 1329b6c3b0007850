import type { FlowDocument } from '@parley/flows';

/**
 * Function name -> how many blocks of the flow call it. Custom function blocks (rest, sql, code,
 * adaptive card, sub flow ...) carry the function's name as their function key (fc); stored with
 * each version so 'Show usage' need not read every version's XML.
 */
export function functionCallsOf(document: FlowDocument): Record<string, number> {
  const calls = new Map<string, number>();
  for (const block of document.blocks) {
    if (block.category !== 'custom' || !block.fc) continue;
    calls.set(block.fc, (calls.get(block.fc) ?? 0) + 1);
  }
  return Object.fromEntries(calls);
}
