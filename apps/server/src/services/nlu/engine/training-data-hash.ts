import { createHash } from 'node:crypto';
import type { NluTrainingData } from '@parley/nlu';

/** A fingerprint of what a model was trained from: equal content, equal hash. */
export const trainingDataHash = (data: NluTrainingData): string =>
  createHash('sha256').update(JSON.stringify(data)).digest('hex');
