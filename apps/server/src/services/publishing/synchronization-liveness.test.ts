import { SYNC_MESSAGES } from '@parley/contracts';
import type { StoredSyncStep } from '@parley/db';
import { describe, expect, test } from 'vitest';
import { failRunningStep } from './synchronization-liveness';

const why = SYNC_MESSAGES.processStopped;

describe('failRunningStep', () => {
  test.each<[string, StoredSyncStep[], StoredSyncStep[]]>([
    [
      'the running step fails with the reason, the others stay',
      [
        { name: 'INITIALIZE_CACHE', status: 'Succeeded' },
        { name: 'TRAIN_BOT', status: 'InProgress' },
      ],
      [
        { name: 'INITIALIZE_CACHE', status: 'Succeeded' },
        { name: 'TRAIN_BOT', status: 'Failed', message: why },
      ],
    ],
    ['no step yet: the first step fails', [], [{ name: 'INITIALIZE_CACHE', status: 'Failed', message: why }]],
    [
      'between steps: the next step fails',
      [{ name: 'INITIALIZE_CACHE', status: 'Succeeded' }],
      [
        { name: 'INITIALIZE_CACHE', status: 'Succeeded' },
        { name: 'SYNC_ENTITIES', status: 'Failed', message: why },
      ],
    ],
    [
      'after the last step: the last step fails',
      [{ name: 'TRAIN_BOT', status: 'Succeeded' }],
      [{ name: 'TRAIN_BOT', status: 'Failed', message: why }],
    ],
  ])('%s', (_, steps, expected) => {
    expect(failRunningStep(steps, why)).toEqual(expected);
  });
});
