import { describe, expect, test } from 'vitest';
import { dashboardBodySchema, handoverSettingsBodySchema } from './bot-features';
import {
  DEFAULT_GDPR_SETTINGS,
  DEFAULT_HANDOVER_SETTINGS,
  dashboardOf,
  gdprSettingsOf,
  handoverSettingsOf,
  isValidConsentUrl,
  isWithinOpeningHours,
} from './bot-features-model';

describe('reading the Features settings from stored bot settings', () => {
  test('never saved: the defaults; saved fields of the wrong type: the default for that field only', () => {
    expect(gdprSettingsOf({})).toEqual(DEFAULT_GDPR_SETTINGS);
    expect(gdprSettingsOf(null)).toEqual(DEFAULT_GDPR_SETTINGS);
    const read = gdprSettingsOf({
      gdpr: { askForConsent: true, consentMessage: 42, maskingPatterns: [{ name: 'x' }], later: 1 },
    });
    expect(read).toEqual({ ...DEFAULT_GDPR_SETTINGS, askForConsent: true });
    expect(
      handoverSettingsOf({
        handover: { negativeSentimentLimit: 4, unrecognizedIntentLimit: null, isActive: 'yes' },
      }),
    ).toEqual({
      ...DEFAULT_HANDOVER_SETTINGS,
      negativeSentimentLimit: 4,
    });
  });

  test('blank stored widgets are dropped on load (spec 04 section 5)', () => {
    expect(
      dashboardOf({
        dashboard: {
          design: { col1: ['a', 3], col2: 'b' },
          customWidget: [{ text: 'A', formula: 'a' }, { text: '', formula: 'b' }, null, { text: 'C' }],
        },
      }),
    ).toEqual({ design: { col1: ['a'], col2: [] }, customWidget: [{ text: 'A', formula: 'a' }] });
  });
});

describe('opening hours', () => {
  const hours = (openingTime: string, closingTime: string, timeZone = 'UTC') => ({
    openingTime,
    closingTime,
    timeZone,
  });
  test.each([
    ['09:00', '17:00', '2026-11-27T08:59:00Z', false],
    ['09:00', '17:00', '2026-11-27T09:00:00Z', true],
    ['09:00', '17:00', '2026-11-27T16:59:00Z', true],
    ['09:00', '17:00', '2026-11-27T17:00:00Z', false],
    ['22:00', '06:00', '2026-11-27T23:30:00Z', true],
    ['22:00', '06:00', '2026-11-27T05:00:00Z', true],
    ['22:00', '06:00', '2026-11-27T12:00:00Z', false],
    ['08:00', '08:00', '2026-11-27T03:00:00Z', true],
  ])('%s-%s at %s: %s', (open, close, at, expected) => {
    expect(isWithinOpeningHours(hours(open, close), new Date(at))).toBe(expected);
  });

  test('in the settings’ time zone: 09:00 in Berlin is 08:00 UTC in winter', () => {
    expect(
      isWithinOpeningHours(hours('09:00', '17:00', 'Europe/Berlin'), new Date('2026-11-27T08:30:00Z')),
    ).toBe(true);
    expect(
      isWithinOpeningHours(hours('09:00', '17:00', 'Europe/Berlin'), new Date('2026-11-27T16:30:00Z')),
    ).toBe(false);
  });
});

describe('request schemas', () => {
  test.each([
    ['https://example.com/privacy', true],
    ['', true],
    ['http://intranet/p', true],
    ['ftp://example.com', false],
    ['https://exa mple.com', false],
    ['/privacy', false],
  ])('consent URL %j valid: %s', (url, valid) => {
    expect(isValidConsentUrl(url)).toBe(valid);
  });

  test('handover: limits are whole numbers from 1 or null; the body is the whole sub-tab', () => {
    expect(
      handoverSettingsBodySchema.safeParse({ ...DEFAULT_HANDOVER_SETTINGS, negativeSentimentLimit: 1 })
        .success,
    ).toBe(true);
    expect(
      handoverSettingsBodySchema.safeParse({ ...DEFAULT_HANDOVER_SETTINGS, negativeSentimentLimit: 0 })
        .success,
    ).toBe(false);
    const { timeZone: _left, ...withoutZone } = DEFAULT_HANDOVER_SETTINGS;
    expect(handoverSettingsBodySchema.safeParse(withoutZone).success).toBe(false);
  });

  test('dashboard: a list of widgets, or the list with a design', () => {
    expect(dashboardBodySchema.parse([{ text: ' A ', formula: 'a' }])).toEqual({
      customWidget: [{ text: 'A', formula: 'a' }],
    });
    expect(dashboardBodySchema.safeParse({ customWidget: [], design: { col1: [], col2: [] } }).success).toBe(
      true,
    );
    expect(dashboardBodySchema.safeParse([{ text: 'A', formula: '' }]).error?.issues[0]?.message).toBe(
      'Cannot save widgets with empty data',
    );
  });
});
