import { describe, expect, test } from 'vitest';
import { botNameProblem, isReservedBotName, BOT_MESSAGES as M, readBotSettings } from './bot-model';
import { createBotBodySchema, recognizerOfCreateBody } from './bots';

const valid = { name: 'Support Bot', region: 'eu-west', language: 'en' };

/** The first problem, as the server reports it: [field, message]. */
function firstProblem(body: unknown): [string, string] | undefined {
  const result = createBotBodySchema.safeParse(body);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return issue ? [issue.path.join('.'), issue.message] : undefined;
}

describe('the create-a-bot payload', () => {
  test.each([
    ['letters, digits, dash, underscore and spaces', 'My_Bot-2 final'],
    ['fifty characters', 'b'.repeat(50)],
    ['spaces around (trimmed)', '  Bot  '],
  ])('accepts a name of %s', (_case, name) => {
    expect(firstProblem({ ...valid, name })).toBeUndefined();
  });

  test.each([
    ['empty', '', M.invalidBotName],
    ['only spaces', '   ', M.invalidBotName],
    ['a dot', 'my.bot', M.invalidBotName],
    ['an umlaut', 'Bötchen', M.invalidBotName],
    ['a slash', 'a/b', M.invalidBotName],
    ['a tab', 'a\tb', M.invalidBotName],
    ['a line break', 'a\nb', M.invalidBotName],
    ['a NUL character', 'a\u0000b', M.invalidBotName],
    ['a non-breaking space', 'a\u00a0b', M.invalidBotName],
    ['51 characters', 'b'.repeat(51), M.botNameTooLong],
    ['a number', 42, M.invalidBotName],
    ['null', null, M.invalidBotName],
  ])('refuses a name that is %s', (_case, name, message) => {
    expect(firstProblem({ ...valid, name })).toEqual(['name', message]);
  });

  test.each([
    ['missing', undefined],
    ['empty', ''],
    ['unknown', 'ap-south'],
    ['of the wrong type', 1],
  ])('refuses a region that is %s', (_case, region) => {
    expect(firstProblem({ ...valid, region })).toEqual(['region', M.selectRegion]);
  });

  test('takes the short region forms as the long ones', () => {
    expect(createBotBodySchema.parse({ ...valid, region: 'us-east-1' }).region).toBe('us-east');
  });

  test.each([
    ['missing', { language: undefined }, M.selectLanguage],
    ['empty', { language: '' }, M.selectLanguage],
    ['not in the default engine', { language: 'ja-jp' }, M.invalidLanguage],
    ['not in the chosen engine', { language: 'ja-jp', recognizer: 'parley' }, M.invalidLanguage],
    ['unknown without a recognizer', { language: 'klingon', recognizer: 'none' }, M.invalidLanguage],
    ['of the wrong type', { language: ['en'] }, M.selectLanguage],
  ])('refuses a language that is %s', (_case, patch, message) => {
    expect(firstProblem({ ...valid, ...patch })).toEqual(['language', message]);
  });

  test('a language is matched without regard to case', () => {
    expect(createBotBodySchema.parse({ ...valid, recognizer: 'none', language: 'en-US' }).language).toBe(
      'en-us',
    );
  });

  test.each([
    ['unknown', 'siri', M.invalidRecognizer],
    ['entity-only', 'stanford', M.invalidRecognizer],
    ['retired', 'luis', M.retiredRecognizer('Microsoft LUIS')],
    ['not configurable', 'nuance', M.unconfigurableRecognizer('Nuance NLU')],
    ['not yet published to by Parley', 'clu', M.unavailableRecognizer('Microsoft CLU')],
    ['of the wrong type', 7, M.invalidRecognizer],
  ])('refuses a recognizer that is %s', (_case, recognizer, message) => {
    expect(firstProblem({ ...valid, recognizer })).toEqual(['recognizer', message]);
  });

  test('recognizer none means no recognizer; Automate then makes no sense', () => {
    const none = createBotBodySchema.parse({ ...valid, recognizer: 'none' });
    expect(recognizerOfCreateBody(none)).toBeNull();
    expect(firstProblem({ ...valid, recognizer: 'none', nluAutomate: true })).toEqual([
      'nluAutomate',
      M.automateNeedsRecognizer,
    ]);
  });

  test('left out, the recognizer is Parley NLU, or with Automate the first engine knowing the language', () => {
    expect(recognizerOfCreateBody(createBotBodySchema.parse(valid))).toBe('parley');
    const automated = createBotBodySchema.parse({ ...valid, language: 'de', nluAutomate: true });
    expect(recognizerOfCreateBody(automated)).toBe('parley');
    // No engine Parley publishes to knows Japanese yet.
    expect(firstProblem({ ...valid, language: 'ja-jp', nluAutomate: true })).toEqual([
      'language',
      M.invalidLanguage,
    ]);
  });

  test('a template is required, as an .enc file name, when creating from a template', () => {
    expect(firstProblem({ name: 'x', region: 'eu-west', createType: 'template' })).toEqual([
      'template',
      M.selectTemplate,
    ]);
    expect(
      firstProblem({ name: 'x', region: 'eu-west', createType: 'template', template: 'faq.json' }),
    ).toEqual(['template', M.selectTemplate]);
    expect(
      firstProblem({ name: 'x', region: 'eu-west', createType: 'template', template: 'faq.enc' }),
    ).toBeUndefined();
  });

  test.each([
    ['nluAutomate', { nluAutomate: 'yes' }],
    ['createType', { createType: 'clone' }],
    ['acceptAdditionalCost', { acceptAdditionalCost: 1 }],
  ])('refuses %s of the wrong kind', (field, patch) => {
    expect(firstProblem({ ...valid, ...patch })?.[0]).toBe(field);
  });
});

describe('bot names', () => {
  test('names the API uses after /api/bots/ are reserved, however written', () => {
    expect(isReservedBotName('templates')).toBe(true);
    expect(isReservedBotName('Id Name')).toBe(true);
    expect(isReservedBotName('templates2')).toBe(false);
  });

  test('botNameProblem is the same rule for the browser', () => {
    expect(botNameProblem('fine name')).toBeUndefined();
    expect(botNameProblem('not fine!')).toBe(M.invalidBotName);
  });
});

describe('stored settings', () => {
  test('are completed with the defaults and keep fields added later', () => {
    const settings = readBotSettings({ language: 'de', laterField: 3 });
    expect(settings).toMatchObject({
      language: 'de',
      intentRecognizerProvider: 'parley',
      confidence: 0.7,
      lowConfidence: 0.3,
      laterField: 3,
    });
    expect(readBotSettings('not an object').language).toBe('en');
  });
});
