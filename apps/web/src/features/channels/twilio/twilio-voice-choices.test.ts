import { describe, expect, test } from 'vitest';
import { gatherTypeOptions, voiceForLanguage, voiceOptions } from './twilio-voice-choices';

const enabledVoices = (language: string) =>
  voiceOptions(language)
    .filter((option) => !option.isDisabled)
    .map((option) => option.value);

describe('Twilio Voice choices', () => {
  test('man and woman only for en-US, en-GB, es-ES, fr-FR and de-DE; Polly voices for their own language', () => {
    for (const language of ['en-US', 'en-GB', 'es-ES', 'fr-FR', 'de-DE'])
      expect(enabledVoices(language)).toEqual(expect.arrayContaining(['alice', 'man', 'woman']));
    expect(enabledVoices('it-IT')).toEqual(['alice', 'Polly.Bianca', 'Polly.Carla', 'Polly.Giorgio']);
    expect(enabledVoices('de-DE')).toContain('Polly.Vicki');
    expect(enabledVoices('de-DE')).not.toContain('Polly.Joanna');
    expect(voiceOptions('en-US').find((o) => o.value === 'Polly.Joanna')?.label).toBe(
      'Joanna (Amazon Polly, en-US)',
    );
  });

  test('a language the voice does not speak falls back to alice', () => {
    expect(voiceForLanguage('man', 'it-IT')).toBe('alice');
    expect(voiceForLanguage('man', 'de-DE')).toBe('man');
    expect(voiceForLanguage('Polly.Hans', 'fr-FR')).toBe('alice');
  });

  test('the gather types of spec 04 section 9', () => {
    expect(gatherTypeOptions().map((o) => o.value)).toEqual(['dtmf', 'speech', 'dtmf speech']);
  });
});
