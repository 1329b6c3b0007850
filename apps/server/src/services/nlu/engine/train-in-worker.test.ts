import { load, type NluTrainingData } from '@parley/nlu';
import { describe, expect, test } from 'vitest';
import { TrainingRefused, trainInWorker } from './train-in-worker';

const words = ['flight', 'ticket', 'plane', 'trip', 'journey', 'seat', 'booking', 'fare'];
const cities = ['paris', 'london', 'berlin', 'rome', 'madrid', 'vienna', 'lisbon', 'prague'];

/** A bot big enough that training takes a while: 3 intents, 1,500 utterances. */
function travelBot(): NluTrainingData {
  const utterances = (template: (w: string, c: string, i: number) => string) =>
    Array.from({ length: 500 }, (_, i) =>
      template(words[i % words.length] as string, cities[(i * 3) % cities.length] as string, i),
    );
  return {
    language: 'en',
    intents: [
      { name: 'BookFlight', utterances: utterances((w, c, i) => `book a ${w} to ${c} number ${i}`) },
      { name: 'CancelFlight', utterances: utterances((w, c, i) => `cancel my ${w} to ${c} please ${i}`) },
      { name: 'Greeting', utterances: utterances((_w, c, i) => `hello there from ${c} friend ${i}`) },
    ],
    entities: [
      { name: 'City', type: 'closedlists', sublists: cities.map((c) => ({ canonicalForm: c, list: [c] })) },
    ],
  };
}

describe('training in a worker thread', () => {
  test('answers a serialised model that predicts, the same for the same data, without blocking the event loop', async () => {
    const data = travelBot();
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    const progress: number[] = [];
    const first = await trainInWorker(data, (p) => progress.push(p));
    clearInterval(timer);
    // The main thread kept running timers while the worker trained.
    expect(ticks).toBeGreaterThan(5);
    expect(progress.at(-1)).toBe(90);

    const prediction = load(first).predict('i need to cancel my ticket to rome');
    expect(prediction.topIntent).toBe('CancelFlight');
    expect(prediction.entities).toContainEqual(expect.objectContaining({ entity: 'City', value: 'rome' }));
    expect(await trainInWorker(data)).toBe(first);
  }, 60_000);

  test('a language the engine does not understand is a refusal with its message', async () => {
    await expect(
      trainInWorker({ language: 'xx', intents: [{ name: 'A', utterances: ['a b', 'c d'] }], entities: [] }),
    ).rejects.toBeInstanceOf(TrainingRefused);
  }, 60_000);
});
