import { readFileSync } from 'node:fs';
import { type NluIntent, type NluTrainingData, NONE } from '../types';

/** One utterance of a bench-data file (shared/bench-data/README.md). */
export interface BenchUtterance {
  text: string;
  intent: string;
  entities: Array<{ entity: string; start: number; end: number; value: string }>;
}

/** Gold labels that mean 'no intent'. */
export const isNoIntent = (intent: string) => intent === NONE || intent.toLowerCase() === 'oos';

export function readBenchFile(path: string): BenchUtterance[] {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  if (!Array.isArray(parsed)) throw new Error(`${path} is not a JSON array of utterances.`);
  return parsed as BenchUtterance[];
}

/** A bench file as a bot: one intent a label (no-intent labels become None), marked entities as simple entities. */
export function benchToTrainingData(rows: readonly BenchUtterance[], language: string): NluTrainingData {
  const intents = new Map<string, NluIntent>();
  const entityNames = new Set<string>();
  for (const row of rows) {
    const name = isNoIntent(row.intent) ? NONE : row.intent;
    let intent = intents.get(name);
    if (!intent) {
      intent = { name, utterances: [] };
      intents.set(name, intent);
    }
    intent.utterances.push({
      text: row.text,
      entities: row.entities.map((e) => ({ entity: e.entity, start: e.start, end: e.end })),
    });
    for (const e of row.entities) entityNames.add(e.entity);
  }
  return {
    language,
    intents: [...intents.values()],
    entities: [...entityNames].sort().map((name) => ({ name, type: 'entities' as const })),
  };
}
