import { serialiseModel, train } from '@parley/nlu';
import { describe, expect, test } from 'vitest';
import { createPredictorCache } from './predictor-cache';

const model = serialiseModel(
  train({
    language: 'en',
    intents: [
      { name: 'Greeting', utterances: ['hello there', 'good morning', 'hi friend'] },
      { name: 'Goodbye', utterances: ['bye for now', 'see you later', 'goodbye friend'] },
    ],
    entities: [],
  }),
);

describe('the predictor cache', () => {
  test('a model is loaded once per version; a new version replaces it', async () => {
    const cache = createPredictorCache();
    let loads = 0;
    const loadModel = async () => {
      loads++;
      return model;
    };
    const first = await cache.get('bot|published', 1, loadModel);
    expect(await cache.get('bot|published', 1, loadModel)).toBe(first);
    expect(loads).toBe(1);
    const second = await cache.get('bot|published', 2, loadModel);
    expect(second).not.toBe(first);
    expect(loads).toBe(2);
    expect(second?.predict('good morning').topIntent).toBe('Greeting');
  });

  test('a model stored by an older engine format counts as no model: the bot asks for a publish', async () => {
    const older = JSON.stringify({ ...JSON.parse(model), version: 1 });
    const cache = createPredictorCache();
    expect(await cache.get('bot|published', 1, async () => older)).toBeUndefined();
  });
});
