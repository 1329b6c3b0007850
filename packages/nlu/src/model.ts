import type { RecognisedPrebuilt } from './entities/prebuilt';
import type { TaggerModel } from './entities/tagger';
import type { IntentClassifierState } from './intents/classifier';
import type { NluLanguage } from './text/languages';
import type { NluEntity } from './types';

/** A trained model: everything prediction needs, nothing of the training data it does not. */
export interface NluModel {
  format: 'parley-nlu';
  /**
   * 4: the tagger decodes whole sentences (Viterbi) within the entities each intent marks
   * (older models cannot be read: retrain).
   */
  version: typeof MODEL_VERSION;
  language: NluLanguage;
  classifier: IntentClassifierState;
  tagger: TaggerModel | null;
  gazetteer: Array<[string, string[]]>;
  /** Closed-list and regex entities, matched as they are. */
  entities: NluEntity[];
  patterns: Array<{ name: string; patterns: string[] }>;
  /** Names and types of the bot's entities, for the placeholders of patterns. */
  patternEntities: Array<Pick<NluEntity, 'name' | 'type'>>;
  prebuilts: RecognisedPrebuilt[];
}

export const MODEL_VERSION = 4;

export class NluModelError extends Error {}

type Typed = { $f32: string } | { $u32: string };

const toBase64 = (array: Float32Array | Uint32Array) =>
  Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64');

/** JSON with typed arrays as base64 (little-endian, as every machine Parley runs on). */
export function serialiseModel(model: NluModel): string {
  return JSON.stringify(model, (_key, value: unknown) => {
    if (value instanceof Float32Array) return { $f32: toBase64(value) };
    if (value instanceof Uint32Array) return { $u32: toBase64(value) };
    return value;
  });
}

export function deserialiseModel(serialised: string): NluModel {
  let parsed: unknown;
  try {
    parsed = JSON.parse(serialised, (_key, value: unknown) => {
      if (value && typeof value === 'object' && ('$f32' in value || '$u32' in value)) {
        const typed = value as Typed;
        const bytes = Buffer.from('$f32' in typed ? typed.$f32 : typed.$u32, 'base64');
        const copy = new Uint8Array(bytes).buffer;
        return '$f32' in typed ? new Float32Array(copy) : new Uint32Array(copy);
      }
      return value;
    });
  } catch {
    throw new NluModelError('This is not a Parley NLU model.');
  }
  const model = parsed as Partial<NluModel> | null;
  if (model?.format !== 'parley-nlu') throw new NluModelError('This is not a Parley NLU model.');
  if (typeof model.version !== 'number' || model.version > MODEL_VERSION)
    throw new NluModelError('This model was trained by a newer Parley.');
  if (model.version < MODEL_VERSION)
    throw new NluModelError('This model was trained by an older Parley: train the bot again.');
  return model as NluModel;
}
