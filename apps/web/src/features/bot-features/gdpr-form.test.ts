import { DEFAULT_GDPR_SETTINGS, type GdprSettings, FEATURES_MESSAGES as M } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import {
  canAddMaskingPattern,
  gdprBodyOf,
  gdprProblems,
  gdprVisibility,
  maskingPatternProblems,
  withMaskingPattern,
  withoutMaskingPattern,
} from './gdpr-form';
import { loadPatternCompiler } from './hooks/use-pattern-compiler';

const gdpr = (change: Partial<GdprSettings> = {}): GdprSettings => ({ ...DEFAULT_GDPR_SETTINGS, ...change });

describe('the GDPR sub-tab', () => {
  test.each([
    [
      { askForConsent: false, canDisable: false },
      { canDisableToggle: false, consentMessages: false, disableMessage: false },
    ],
    [
      { askForConsent: false, canDisable: true },
      { canDisableToggle: false, consentMessages: false, disableMessage: false },
    ],
    [
      { askForConsent: true, canDisable: false },
      { canDisableToggle: true, consentMessages: true, disableMessage: false },
    ],
    [
      { askForConsent: true, canDisable: true },
      { canDisableToggle: true, consentMessages: true, disableMessage: true },
    ],
  ])('consent toggles %j show %j (spec 04 section 4)', (toggles, shown) => {
    expect(gdprVisibility(gdpr(toggles))).toMatchObject(shown);
  });

  test('the removal message shows with removeUserData; the patterns while any masking is on', () => {
    expect(gdprVisibility(gdpr({ removeUserData: true })).removeUserDataMessage).toBe(true);
    expect(gdprVisibility(gdpr()).maskingPatterns).toBe(false);
    expect(gdprVisibility(gdpr({ maskAIData: true })).maskingPatterns).toBe(true);
  });

  test('messages in use must be written; those not in use may be blank', () => {
    const blank = {
      consentMessage: ' ',
      consentAgreeMessage: '',
      consentRejectMessage: '',
      disableMessage: '',
    };
    expect(gdprProblems(gdpr(blank))).toEqual({});
    expect(gdprProblems(gdpr({ ...blank, askForConsent: true }))).toEqual({
      consentMessage: M.messageMissing('consent message'),
      consentAgreeMessage: M.messageMissing('message after agreeing'),
      consentRejectMessage: M.messageMissing('message after rejecting'),
    });
    expect(gdprProblems(gdpr({ askForConsent: true, canDisable: true, disableMessage: '' }))).toEqual({
      disableMessage: M.messageMissing('disabled message'),
    });
    expect(gdprProblems(gdpr({ removeUserData: true, removeUserDataMessage: '' }))).toEqual({
      removeUserDataMessage: M.messageMissing('message after removing the data'),
    });
    expect(gdprProblems(gdpr({ consentUrl: 'www.example.com' }))).toEqual({ consentUrl: M.consentUrl });
    expect(gdprProblems(gdpr({ consentUrl: ' https://example.com/p ' }))).toEqual({});
  });

  test('each masking pattern row shows its own problem; the regex one is "Invalid regex:" with the pattern', async () => {
    const regex = await loadPatternCompiler();
    const patterns = [
      { name: 'Good', pattern: 'C-\\d{6}' },
      { name: 'Broken', pattern: '(a+' },
      { name: '', pattern: 'x' },
      { name: 'good', pattern: 'y' },
      { name: 'Lookahead', pattern: '(?=x)y' },
    ];
    expect(maskingPatternProblems(patterns, regex)).toEqual({
      'maskingPatterns.1.pattern': 'Invalid regex: (a+',
      'maskingPatterns.2.name': M.maskingPatternNameMissing,
      'maskingPatterns.3.name': M.maskingPatternNameTaken('good'),
      'maskingPatterns.4.pattern': 'Invalid regex: (?=x)y',
    });
    // Before RE2 is loaded, only the shape is judged.
    expect(Object.keys(maskingPatternProblems(patterns))).toEqual([
      'maskingPatterns.2.name',
      'maskingPatterns.3.name',
    ]);
    // The defaults are valid RE2.
    expect(maskingPatternProblems(DEFAULT_GDPR_SETTINGS.maskingPatterns, regex)).toEqual({});
  });

  test('a pattern is added only with a name and a pattern; added trimmed, removed by its row', () => {
    expect(canAddMaskingPattern(' ', 'x')).toBe(false);
    expect(canAddMaskingPattern('Id', '  ')).toBe(false);
    expect(canAddMaskingPattern('Id', 'x')).toBe(true);
    const added = withMaskingPattern(gdpr({ maskingPatterns: [] }), '  Id ', ' \\d+');
    expect(added.maskingPatterns).toEqual([{ name: 'Id', pattern: ' \\d+' }]);
    expect(withoutMaskingPattern(added, 0).maskingPatterns).toEqual([]);
  });

  test('the body carries trimmed texts and keeps patterns as written', () => {
    const body = gdprBodyOf(
      gdpr({ consentMessage: '  Ok?  ', maskingPatterns: [{ name: ' A ', pattern: ' a ' }] }),
    );
    expect(body.consentMessage).toBe('Ok?');
    expect(body.maskingPatterns).toEqual([{ name: 'A', pattern: ' a ' }]);
  });
});
