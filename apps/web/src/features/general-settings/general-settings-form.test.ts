import {
  BOT_MESSAGES as BM,
  type BotDetails,
  DEFAULT_BOT_SETTINGS,
  GENERAL_SETTINGS_MESSAGES as M,
} from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import {
  type GeneralSettingsDraft,
  generalBodyOf,
  generalDraftOf,
  generalProblems,
  numberOf,
} from './general-settings-form';

const bot = (settings: Partial<BotDetails['settings']> = {}): BotDetails => ({
  id: 't-support-bot',
  botName: 'Support Bot',
  displayName: 'Support Bot',
  region: 'eu-west',
  settings: { ...DEFAULT_BOT_SETTINGS, ...settings },
  isPublished: false,
  showSnippetMigrationBanner: false,
  allTimeData: { interactions: 0, questionsAsked: 0, questionsRecognized: 0 },
  tenantId: 't',
  syncStatus: null,
});

const draft = (change: Partial<GeneralSettingsDraft> = {}): GeneralSettingsDraft => ({
  ...generalDraftOf(bot()),
  ...change,
});

describe('the General Settings draft', () => {
  test('shows milliseconds as seconds and fractions as percents', () => {
    expect(
      generalDraftOf(bot({ delay: 1500, confidence: 0.75, lowConfidence: 0.35, idleTimeout: 2.5 })),
    ).toEqual({
      displayName: 'Support Bot',
      delaySeconds: '1.5',
      continueOldConversations: false,
      idleTimeoutSeconds: '2.5',
      idleText: '',
      highPercent: '75',
      lowPercent: '35',
      llmSplitSentences: false,
      llmAsyncGuardrails: false,
      chitChatEnabled: false,
      belowThresholdLimit: '3',
      chitChatModel: '',
    });
    // Binary fractions do not leak into the fields.
    expect(generalDraftOf(bot({ delay: 300, confidence: 0.7000000000000001 }))).toMatchObject({
      delaySeconds: '0.3',
      highPercent: '70',
    });
  });

  test('sends seconds as milliseconds and percents as fractions, exactly', () => {
    expect(
      generalBodyOf(
        draft({
          displayName: '  Helga ',
          delaySeconds: '0.3',
          idleTimeoutSeconds: '0,7',
          highPercent: '85',
          lowPercent: '55',
          continueOldConversations: true,
          idleText: 'Still there?',
          chitChatEnabled: true,
          chitChatModel: 'llm-7',
          belowThresholdLimit: '2',
        }),
      ),
    ).toEqual({
      displayName: 'Helga',
      delay: 300,
      continueOldConversations: true,
      idleTimeout: 0.7,
      idleText: 'Still there?',
      confidence: 0.85,
      lowConfidence: 0.55,
      llmSplitSentences: false,
      llmAsyncGuardrails: false,
      chitChatEnabled: true,
      belowThresholdLimit: 2,
      chitChatModel: 'llm-7',
    });
    expect(generalBodyOf(draft({ delaySeconds: '10', highPercent: '100', lowPercent: '20' }))).toMatchObject({
      delay: 10_000,
      confidence: 1,
      lowConfidence: 0.2,
    });
  });

  test('a round trip of every allowed delay and threshold gives back what was stored', () => {
    for (let ms = 0; ms <= 10_000; ms += 100) {
      expect(generalBodyOf(generalDraftOf(bot({ delay: ms }))).delay).toBe(ms);
    }
    for (let percent = 60; percent <= 100; percent += 5) {
      const fraction = percent / 100;
      expect(generalBodyOf(generalDraftOf(bot({ confidence: fraction }))).confidence).toBe(fraction);
    }
  });

  test('the stored defaults have no problems', () => {
    expect(generalProblems(draft())).toEqual({});
  });

  test('chit-chat turned on needs its LLM', () => {
    expect(generalProblems(draft({ chitChatEnabled: true }))).toEqual({
      chitChatModel: M.chitChatModelMissing,
    });
    expect(generalProblems(draft({ chitChatEnabled: true, chitChatModel: 'llm-1' }))).toEqual({});
  });

  test.each([
    ['displayName', '', M.displayNameMissing],
    ['displayName', 'x'.repeat(51), M.displayNameTooLong],
    ['delaySeconds', '', BM.invalidDelay],
    ['delaySeconds', 'soon', BM.invalidDelay],
    ['delaySeconds', '-0.1', BM.invalidDelay],
    ['delaySeconds', '10.1', BM.invalidDelay],
    ['delaySeconds', '0.25', M.delayStep],
    ['idleTimeoutSeconds', '0.4', BM.invalidIdleTimeout],
    ['idleTimeoutSeconds', '11', BM.invalidIdleTimeout],
    ['idleTimeoutSeconds', '1.05', M.idleTimeoutStep],
    ['idleText', 'x'.repeat(501), BM.idleTextTooLong],
    ['highPercent', '55', M.confidence],
    ['highPercent', '105', M.confidence],
    ['highPercent', '72', M.confidence],
    ['highPercent', '0.7', M.confidence],
    ['lowPercent', '60', M.lowConfidence],
    ['lowPercent', '15', M.lowConfidence],
    ['lowPercent', '', M.lowConfidence],
    ['belowThresholdLimit', '0', M.belowThresholdLimit],
    ['belowThresholdLimit', '2.5', M.belowThresholdLimit],
    ['belowThresholdLimit', '', M.belowThresholdLimit],
  ] as const)('%s = %j is a problem: %s', (field, value, message) => {
    expect(generalProblems(draft({ [field]: value }))).toEqual({ [field]: message });
  });

  test.each([
    ['0', 0],
    [' 2.5 ', 2.5],
    ['1,5', 1.5],
    ['', Number.NaN],
    ['abc', Number.NaN],
  ])('reads %j as %d', (text, value) => {
    expect(numberOf(text)).toBe(value);
  });
});
