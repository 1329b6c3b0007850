import { DEFAULT_HANDOVER_SETTINGS, FEATURES_MESSAGES as M } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { handoverBodyOf, handoverDraftOf, handoverProblems, limitOf, timeZoneChoices } from './handover-form';

const draft = (change = {}) => ({ ...handoverDraftOf(DEFAULT_HANDOVER_SETTINGS), ...change });

describe('the Handover sub-tab', () => {
  test('limits are shown as typed ("" for none) and sent as numbers or null', () => {
    const d = handoverDraftOf({ ...DEFAULT_HANDOVER_SETTINGS, negativeSentimentLimit: 3 });
    expect(d.negativeSentimentLimit).toBe('3');
    expect(d.unrecognizedIntentLimit).toBe('');
    expect(handoverBodyOf({ ...d, unrecognizedIntentLimit: ' 5 ' })).toMatchObject({
      negativeSentimentLimit: 3,
      unrecognizedIntentLimit: 5,
    });
    expect(limitOf('  ')).toBeNull();
  });

  test.each([
    ['negativeSentimentLimit', '0', M.handoverLimit('negative sentiment limit')],
    ['negativeSentimentLimit', '2.5', M.handoverLimit('negative sentiment limit')],
    ['negativeSentimentLimit', 'abc', M.handoverLimit('negative sentiment limit')],
    ['unrecognizedIntentLimit', '101', M.handoverLimit('unrecognized intent limit')],
    ['openingTime', '', M.time('opening time')],
    ['closingTime', '25:00', M.time('closing time')],
    ['timeZone', 'Nowhere/Town', M.timeZone],
  ])('%s %j is a problem', (field, typed, message) => {
    expect(handoverProblems(draft({ [field]: typed }))).toEqual({ [field]: message });
  });

  test('1 and 100 and empty are fine limits; messages must be written only while handover is on', () => {
    expect(handoverProblems(draft({ negativeSentimentLimit: '1', unrecognizedIntentLimit: '100' }))).toEqual(
      {},
    );
    expect(handoverProblems(draft({ chatEndMessage: ' ' }))).toEqual({});
    expect(handoverProblems(draft({ isActive: true, chatEndMessage: ' ' }))).toEqual({
      chatEndMessage: M.messageMissing('chat end message'),
    });
  });

  test('time zones offered: UTC first, the saved one kept', () => {
    const zones = timeZoneChoices('Europe/Berlin');
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(new Set(zones).size).toBe(zones.length);
  });
});
