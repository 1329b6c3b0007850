import type { CustomEntityType, EntityType } from '@parley/contracts';

/**
 * What the engine trains from: a bot's intents and entities as Parley stores them (spec 02),
 * so the server hands them over without a translation layer. Utterances are plain text or,
 * when entities are marked in them, text with character spans.
 */
export interface NluTrainingData {
  language: string;
  intents: NluIntent[];
  entities: NluEntity[];
}

export interface NluIntent {
  name: string;
  utterances: Array<string | NluUtterance>;
  /** Examples with `[entity]` / `[entity:role]` placeholders. */
  patterns?: string[];
}

export interface NluUtterance {
  text: string;
  entities?: NluMarkedEntity[];
}

/** An entity marked in an utterance: `text.slice(start, end)` is its value. */
export interface NluMarkedEntity {
  entity: string;
  role?: string;
  start: number;
  end: number;
}

export interface NluEntity {
  name: string;
  type: EntityType | CustomEntityType;
  roles?: Array<{ name: string }>;
  sublists?: Array<{ canonicalForm: string; list: string[] }>;
  resolveWithCanonical?: boolean;
  examples?: string[];
  regexes?: string[];
}

export interface RecognisedEntity {
  entity: string;
  role?: string;
  start: number;
  end: number;
  text: string;
  /** The resolved value: canonical form, number, date resolution... or the text itself. */
  value: unknown;
}

export interface IntentScore {
  intent: string;
  score: number;
}

export interface Sentiment {
  label: 'positive' | 'neutral' | 'negative';
  /** From -1 (very negative) to 1 (very positive). */
  score: number;
}

export interface NluPrediction {
  /** Every intent with its confidence, best first. `None` when nothing fits. */
  intents: IntentScore[];
  topIntent: string;
  confidence: number;
  entities: RecognisedEntity[];
  sentiment: Sentiment;
  /** The pattern that matched, when the answer comes from a pattern. */
  matchedPattern?: string;
}

export const NONE = 'None';
