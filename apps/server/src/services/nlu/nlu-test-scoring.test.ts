import { describe, expect, test } from 'vitest';
import { crossValidationFolds } from './nlu-automate.service';
import { scoreRecognizer } from './nlu-test-scoring';

const rows = [
  { utterance: 'a1', intent: 'A' },
  { utterance: 'a2', intent: 'A' },
  { utterance: 'a3', intent: 'A' },
  { utterance: 'b1', intent: 'B' },
  { utterance: 'c1', intent: 'C' },
];
const predicted = (...intents: string[]) => intents.map((topIntent) => ({ topIntent, confidence: 0.8 }));
/** A new bot's thresholds: its flows start from 70 %, 'did not understand' under 30 %. */
const THRESHOLDS = { confidence: 0.7, lowConfidence: 0.3 };

describe('scoring one recognizer', () => {
  test('accuracy, precision, recall, F1 and the confusion matrix by hand', () => {
    const result = scoreRecognizer('parley', rows, predicted('A', 'A', 'B', 'B', 'None'), THRESHOLDS);
    expect(result).toMatchObject({ accuracy: 3 / 5, correct: 3, total: 5, labels: ['A', 'B', 'C', 'None'] });
    // A: 2 of 3 found (recall 2/3), every A predicted was right (precision 1).
    expect(result.intents[0]).toEqual({ intent: 'A', support: 3, precision: 1, recall: 2 / 3, f1: 0.8 });
    // B: found once, but predicted twice (once for an A).
    expect(result.intents[1]).toEqual({ intent: 'B', support: 1, precision: 0.5, recall: 1, f1: 2 / 3 });
    // C: never predicted.
    expect(result.intents[2]).toEqual({ intent: 'C', support: 1, precision: 0, recall: 0, f1: 0 });
    expect(result.confusion).toEqual([
      [2, 1, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 0, 1],
      [0, 0, 0, 0],
    ]);
    expect(result.misclassified.map((m) => [m.utterance, m.predicted])).toEqual([
      ['a3', 'B'],
      ['c1', 'None'],
    ]);
  });

  test('an answer the bot would not act on (under its high threshold) counts as None, and None scores like any intent', () => {
    const withNone = [
      { utterance: 'a1', intent: 'A' },
      { utterance: 'a2', intent: 'A' },
      { utterance: 'what is the capital of peru', intent: 'None' },
      { utterance: 'asdf qwerty', intent: 'None' },
    ];
    const answers = [
      { topIntent: 'A', confidence: 0.9 },
      // In scope but unsure: between the thresholds the bot asks instead of starting A's flow.
      { topIntent: 'A', confidence: 0.5 },
      // Out of scope, but the engine's best guess: under the low threshold it is None.
      { topIntent: 'A', confidence: 0.28 },
      { topIntent: 'None', confidence: 0.1 },
    ];
    const result = scoreRecognizer('parley', withNone, answers, THRESHOLDS);
    expect(result).toMatchObject({ accuracy: 3 / 4, correct: 3, labels: ['A', 'None'] });
    expect(result.intents).toEqual([
      { intent: 'A', support: 2, precision: 1, recall: 0.5, f1: 2 / 3 },
      { intent: 'None', support: 2, precision: 2 / 3, recall: 1, f1: 0.8 },
    ]);
    expect(result.misclassified).toEqual([
      { utterance: 'a2', expected: 'A', predicted: 'None', confidence: 0.5 },
    ]);
    // Looser thresholds act on the unsure answers: a2 is a hit, the out-of-scope question a miss.
    const loose = scoreRecognizer('parley', withNone, answers, { confidence: 0.25, lowConfidence: 0.2 });
    expect(loose.misclassified.map((m) => [m.utterance, m.predicted])).toEqual([
      ['what is the capital of peru', 'A'],
    ]);
  });

  test('an empty dataset scores 0 without dividing by zero', () => {
    expect(scoreRecognizer('parley', [], [], THRESHOLDS)).toMatchObject({
      accuracy: 0,
      total: 0,
      intents: [],
      confusion: [],
    });
  });
});

describe('cross-validation folds', () => {
  test('each utterance of an intent with two or more is held out exactly once; lone ones only train', () => {
    const data = {
      language: 'en',
      entities: [],
      intents: [
        { name: 'A', utterances: ['a0', 'a1', 'a2', 'a3', 'a4', 'a5'], patterns: ['[x] a'] },
        { name: 'B', utterances: ['b0'] },
      ],
    };
    const folds = crossValidationFolds(data, 5);
    expect(folds).toHaveLength(5);
    expect(folds.flatMap((f) => f.rows.map((r) => r.utterance)).sort()).toEqual([
      'a0',
      'a1',
      'a2',
      'a3',
      'a4',
      'a5',
    ]);
    for (const fold of folds) {
      const trainA = fold.train.intents[0]!.utterances;
      for (const row of fold.rows) expect(trainA).not.toContain(row.utterance);
      expect(fold.train.intents[0]!.patterns).toEqual(['[x] a']);
      expect(fold.train.intents[1]!.utterances).toEqual(['b0']);
    }
  });
});
