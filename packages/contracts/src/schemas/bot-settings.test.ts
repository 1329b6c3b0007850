import { describe, expect, test } from 'vitest';
import { BOT_MESSAGES as BM } from './bot-model';
import { generalSettingsBodySchema, systemMessagesBodySchema } from './bot-settings';
import {
  avatarTypeOf,
  botAvatarOf,
  displayNameProblem,
  isOnStep,
  GENERAL_SETTINGS_MESSAGES as M,
  roundToStep,
} from './bot-settings-model';

const valid = {
  displayName: 'Helga',
  delay: 0,
  continueOldConversations: false,
  idleTimeout: 1,
  idleText: '',
  confidence: 0.7,
  lowConfidence: 0.3,
};

/** The first problem, as the server reports it: [field, message]. */
function firstProblem(
  schema: typeof generalSettingsBodySchema | typeof systemMessagesBodySchema,
  body: unknown,
) {
  const result = schema.safeParse(body);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return issue ? [issue.path.join('.'), issue.message] : undefined;
}

describe('steps', () => {
  test.each([
    [0.3, 0.1, true],
    [0.1 + 0.2, 0.1, true],
    [0.25, 0.1, false],
    [300, 100, true],
    [350, 100, false],
    [75, 5, true],
    [72, 5, false],
  ])('%d on steps of %d: %s', (value, step, expected) => {
    expect(isOnStep(value, step)).toBe(expected);
  });

  test('rounding to a step removes binary fractions', () => {
    expect(roundToStep(0.1 + 0.2, 0.1)).toBe(0.3);
    expect(roundToStep(0.7000000000000001, 0.01)).toBe(0.7);
    expect(roundToStep(1500 / 1000, 0.1)).toBe(1.5);
  });
});

describe('the general settings body', () => {
  test('takes the edges of every range and rounds what a browser computes', () => {
    expect(generalSettingsBodySchema.parse({ ...valid, displayName: ' A ', idleTimeout: 0.1 * 7 })).toEqual({
      ...valid,
      displayName: 'A',
      idleTimeout: 0.7,
    });
    for (const edges of [
      { delay: 0, idleTimeout: 0.5, confidence: 0.6, lowConfidence: 0.2 },
      { delay: 10_000, idleTimeout: 10, confidence: 1, lowConfidence: 0.55 },
    ])
      expect(firstProblem(generalSettingsBodySchema, { ...valid, ...edges })).toBeUndefined();
  });

  test.each([
    ['delay', 10_001, BM.invalidDelay],
    ['delay', 50, M.delayStep],
    ['idleTimeout', 0.45, BM.invalidIdleTimeout],
    ['idleTimeout', 0.55, M.idleTimeoutStep],
    ['confidence', 0.9501, M.confidence],
    ['confidence', Number.NaN, M.confidence],
    ['lowConfidence', 0.56, M.lowConfidence],
    ['continueOldConversations', 1, M.flag('continueOldConversations')],
    ['displayName', 'a\u0000b', M.displayNameInvalid],
  ])('refuses %s = %d', (field, value, message) => {
    expect(firstProblem(generalSettingsBodySchema, { ...valid, [field]: value })).toEqual([field, message]);
  });
});

describe('the system messages body', () => {
  test('takes any language with the five keys; the bot decides which languages are its own', () => {
    expect(
      firstProblem(systemMessagesBodySchema, {
        systemMessages: { en: { messageEmpty: '', unexpectedErrorMessage: 'Oops' }, xx: {} },
      }),
    ).toBeUndefined();
  });

  test('names an unknown key, at most 50 characters of it', () => {
    const key = `k${'x'.repeat(80)}`;
    expect(firstProblem(systemMessagesBodySchema, { systemMessages: { en: { [key]: 'x' } } })).toEqual([
      `systemMessages.en.${key}`,
      M.unknownSystemMessage(key.slice(0, 50)),
    ]);
  });
});

describe('avatars and display names', () => {
  test.each([
    ['me.PNG', 'png'],
    ['photo.jpg', 'jpeg'],
    ['photo.JPEG', 'jpeg'],
    ['a.webp', 'webp'],
    ['a.gif', 'gif'],
    ['logo.svg', undefined],
    ['png', undefined],
    ['a.png.exe', undefined],
  ])('%s is of type %s', (name, format) => {
    expect(avatarTypeOf(name)?.format).toBe(format);
  });

  test('only a stored avatar with a uuid counts', () => {
    const avatar = { id: '3b241101-e2bb-4255-8caf-4136c566a962', contentType: 'image/webp' };
    expect(botAvatarOf({ botAvatar: avatar })).toBe(avatar);
    expect(botAvatarOf({ botAvatar: { id: '../../etc/passwd' } })).toBeNull();
    expect(botAvatarOf({ botAvatar: 'x' })).toBeNull();
    expect(botAvatarOf(null)).toBeNull();
  });

  test.each([
    ['Café Bot 🤖', undefined],
    ['x'.repeat(50), undefined],
    [` ${'x'.repeat(50)} `, undefined],
    ['x'.repeat(51), M.displayNameTooLong],
    ['', M.displayNameMissing],
    ['tab\there', M.displayNameInvalid],
  ])('display name %j: %s', (name, problem) => {
    expect(displayNameProblem(name)).toBe(problem);
  });
});
