import type { OutboundActivity } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { readTwiml, saysIn, type TwimlNode } from '../../../../test/support/twiml';
import { dialableNumber, twilioVoiceChannel, type VoiceInstruction } from './twilio-voice-channel';
import { voiceSettingsOf } from './twilio-voice-settings';
import { answerTwiml, listenTwiml, SILENT_ROUNDS } from './twilio-voice-twiml';

const context = { fileUrl: (fileId: string) => `https://parley.test/files/${fileId}` };
const toOutbound = (activity: OutboundActivity) => twilioVoiceChannel.toOutbound(activity, context);
const RATING = ['Very Satisfied', 'Satisfied', 'Neutral', 'Unsatisfied', 'Very unsatisfied'];
const answer = (given: { digits?: string; speech?: string; options?: string[] }) =>
  twilioVoiceChannel.toActivity({ options: [], optionsMessage: 'option', ...given });

const settings = voiceSettingsOf({
  voice: 'Polly.Joanna',
  textToSpeechLanguage: 'en-GB',
  speechToTextLanguage: 'de-DE',
  speechTimeout: 7,
  buttonTimeout: 3,
  timeoutMessage: 'Are you still there?',
  optionsGatherType: 'dtmf',
  optionsMessage: 'digit',
});
const actionOf = (options: readonly string[]) => `https://parley.test/gather?turn=2&n=${options.length}`;
const named = (node: TwimlNode, name: string) => node.children.filter((child) => child.name === name);

describe('Twilio Voice: what a caller says or keys in', () => {
  test.each([
    [{ speech: 'I forgot my password.' }, { type: 'text', text: 'I forgot my password.' }],
    [{ digits: '123456' }, { type: 'text', text: '123456' }],
    [
      { digits: '2', options: RATING },
      { type: 'click', text: 'Satisfied' },
    ],
    [
      { speech: 'Option 1.', options: RATING },
      { type: 'click', text: 'Very Satisfied' },
    ],
    [
      { speech: '5', options: RATING },
      { type: 'click', text: 'Very unsatisfied' },
    ],
    // A number beyond the options, or words: the runtime decides what they pick.
    [
      { digits: '9', options: RATING },
      { type: 'text', text: '9' },
    ],
    [
      { speech: 'Very satisfied.', options: RATING },
      { type: 'text', text: 'Very satisfied.' },
    ],
  ])('%o is %o', (given, activity) => {
    expect(answer(given)).toEqual(activity);
  });

  test('nothing heard is no activity', () => {
    expect(answer({})).toBeUndefined();
    expect(answer({ speech: '  ', digits: '' })).toBeUndefined();
  });

  test('the options message is the word before a spoken number', () => {
    expect(
      twilioVoiceChannel.toActivity({ speech: 'digit 3', options: RATING, optionsMessage: 'digit' }),
    ).toEqual({
      type: 'click',
      text: 'Neutral',
    });
    expect(
      twilioVoiceChannel.toActivity({ speech: 'digit 3', options: RATING, optionsMessage: 'option' }),
    ).toEqual({
      type: 'text',
      text: 'digit 3',
    });
  });
});

describe("Twilio Voice: the bot's activities on a call", () => {
  test('texts are said, options asked, a card read as its texts; pictures and files are left out', () => {
    expect(toOutbound({ type: 'text', text: 'Hello' })).toEqual([{ kind: 'say', text: 'Hello' }]);
    expect(toOutbound({ type: 'rating', text: 'How happy?', options: RATING })).toEqual([
      { kind: 'ask', text: 'How happy?', options: RATING },
    ]);
    expect(
      toOutbound({
        type: 'adaptiveCard',
        card: {
          type: 'AdaptiveCard',
          body: [
            { type: 'TextBlock', text: 'Your order' },
            { type: 'Image', url: 'x' },
          ],
        },
      }),
    ).toEqual([{ kind: 'say', text: 'Your order' }]);
    expect(toOutbound({ type: 'image', url: 'https://example.com/a.gif' })).toEqual([]);
    expect(toOutbound({ type: 'attachment', name: 'a.pdf', fileId: 'f1' })).toEqual([]);
  });

  test('Redirect Call dials the number, an end with end call hangs up, other events say nothing', () => {
    expect(
      toOutbound({ type: 'event', name: 'redirectCall', value: { phoneNumber: '+49 (30) 1234-567' } }),
    ).toEqual([{ kind: 'dial', phoneNumber: '+49301234567' }]);
    expect(toOutbound({ type: 'event', name: 'redirectCall', value: { phoneNumber: 'call me' } })).toEqual(
      [],
    );
    expect(toOutbound({ type: 'event', name: 'endOfConversation' })).toEqual([{ kind: 'hangup' }]);
    expect(toOutbound({ type: 'event', name: 'handover' })).toEqual([]);
    expect(dialableNumber('110')).toBe('110');
    expect(dialableNumber('+1 555 0100 <Hangup/>')).toBeUndefined();
  });
});

describe('Twilio Voice: TwiML', () => {
  test("an answer is said inside a Gather with the keys' voice, languages and speech timeout; silence gets the timeout message, then a hang-up", () => {
    const response = readTwiml(
      answerTwiml([{ kind: 'say', text: 'Tom & Jerry <b>said</b> "hi"' }], settings, actionOf),
    );
    const gathers = named(response, 'Gather');
    expect(gathers).toHaveLength(SILENT_ROUNDS);
    expect(response.children.map((child) => child.name)).toEqual([
      ...Array(SILENT_ROUNDS).fill('Gather'),
      'Hangup',
    ]);
    const [first, second] = gathers;
    expect(first?.attributes).toEqual({
      action: 'https://parley.test/gather?turn=2&n=0',
      method: 'POST',
      input: 'dtmf speech',
      timeout: '7',
      speechTimeout: 'auto',
      language: 'de-DE',
    });
    // Escaped, never read as SSML or TwiML.
    expect(saysIn(first as TwimlNode)).toEqual(['Tom & Jerry <b>said</b> "hi"']);
    expect(first?.children[0]?.attributes).toEqual({ voice: 'Polly.Joanna', language: 'en-GB' });
    expect(saysIn(second as TwimlNode)).toEqual(['Are you still there?']);
  });

  test("Ask Question's Capture DTMF: the DTMF message follows the question, and the confirm key ends the keyed answer", () => {
    const [asked] = toOutbound({
      type: 'text',
      text: 'What is your order number?',
      dtmf: { message: 'Type it, then press star.', confirmKey: '*' },
    });
    expect(asked).toEqual({
      kind: 'say',
      text: 'What is your order number?',
      dtmf: { message: 'Type it, then press star.', confirmKey: '*' },
    });
    const [first] = named(readTwiml(answerTwiml([asked as VoiceInstruction], settings, actionOf)), 'Gather');
    expect(first?.attributes).toMatchObject({ input: 'dtmf speech', finishOnKey: '*', timeout: '7' });
    expect(saysIn(first as TwimlNode)).toEqual(['What is your order number?', 'Type it, then press star.']);
    // The keys the caller pressed (Twilio leaves the confirm key out) are the answer.
    expect(answer({ digits: '4711' })).toEqual({ type: 'text', text: '4711' });
    // A question without Capture DTMF keeps Twilio's default end key (#).
    const [plain] = named(
      readTwiml(answerTwiml([{ kind: 'say', text: 'Name?' }], settings, actionOf)),
      'Gather',
    );
    expect(plain?.attributes).not.toHaveProperty('finishOnKey');
  });

  test('options are read numbered with the options message and gathered by the gather type, one key, within the button timeout', () => {
    const response = readTwiml(
      answerTwiml(
        [
          { kind: 'say', text: 'Before you go.' },
          { kind: 'ask', text: 'How happy are you?', options: RATING },
        ],
        settings,
        actionOf,
      ),
    );
    const [first] = named(response, 'Gather');
    expect(first?.attributes).toMatchObject({
      input: 'dtmf',
      numDigits: '1',
      timeout: '3',
      action: actionOf(RATING),
    });
    // Keys only: no speech attributes.
    expect(first?.attributes).not.toHaveProperty('hints');
    expect(first?.attributes).not.toHaveProperty('speechTimeout');
    expect(saysIn(first as TwimlNode)).toEqual([
      'Before you go.',
      'How happy are you?',
      'Digit 1: Very Satisfied.',
      'Digit 2: Satisfied.',
      'Digit 3: Neutral.',
      'Digit 4: Unsatisfied.',
      'Digit 5: Very unsatisfied.',
    ]);
  });

  test('options by voice give the options as hints; ten options take more than one key', () => {
    const spoken = voiceSettingsOf({ optionsGatherType: 'speech' });
    const ten = Array.from({ length: 10 }, (_, i) => `Choice ${i + 1}`);
    const [gather] = named(
      readTwiml(answerTwiml([{ kind: 'ask', text: '', options: ten }], spoken, actionOf)),
      'Gather',
    );
    expect(gather?.attributes).toMatchObject({ input: 'speech', hints: ten.join(', '), language: 'en-US' });
    expect(gather?.attributes).not.toHaveProperty('numDigits');
    expect(saysIn(gather as TwimlNode)[0]).toBe('Option 1: Choice 1.');
  });

  test('without a timeout message a silent caller hears the question again', () => {
    const plain = voiceSettingsOf({});
    const response = readTwiml(
      answerTwiml([{ kind: 'ask', text: 'Yes or no?', options: ['Yes', 'No'] }], plain, actionOf),
    );
    expect(saysIn(named(response, 'Gather')[1] as TwimlNode)).toEqual([
      'Yes or no?',
      'Option 1: Yes.',
      'Option 2: No.',
    ]);
  });

  test('timeouts of 0 (or unset) are the maximum, 60 seconds', () => {
    const [free] = named(
      readTwiml(listenTwiml(voiceSettingsOf({ speechTimeout: 0 }), 'https://x')),
      'Gather',
    );
    expect(free?.attributes.timeout).toBe('60');
    const [options] = named(
      readTwiml(answerTwiml([{ kind: 'ask', text: '', options: ['A'] }], voiceSettingsOf({}), actionOf)),
      'Gather',
    );
    expect(options?.attributes.timeout).toBe('60');
  });

  test('a Redirect Call says what came before and dials; end call says it and hangs up; nothing after is said', () => {
    const dial: VoiceInstruction[] = [
      { kind: 'say', text: 'I connect you.' },
      { kind: 'dial', phoneNumber: '+4930123' },
      { kind: 'say', text: 'never heard' },
    ];
    const dialed = readTwiml(answerTwiml(dial, settings, actionOf));
    expect(dialed.children.map((child) => child.name)).toEqual(['Say', 'Dial']);
    expect(dialed.children[1]?.children[0]).toMatchObject({ name: 'Number', text: '+4930123' });
    expect(saysIn(dialed)).toEqual(['I connect you.']);
    const ended = readTwiml(
      answerTwiml([{ kind: 'say', text: 'Goodbye.' }, { kind: 'hangup' }], settings, actionOf),
    );
    expect(ended.children.map((child) => child.name)).toEqual(['Say', 'Hangup']);
  });
});

describe('Twilio Voice: the keys as settings', () => {
  test("unset keys take the declaration's initial values; timeouts outside 1 to 60 and unknown gather types fall back", () => {
    expect(voiceSettingsOf({})).toEqual({
      voice: 'alice',
      sayLanguage: 'en-US',
      gatherLanguage: 'en-US',
      speechTimeoutSeconds: 60,
      buttonTimeoutSeconds: 60,
      timeoutMessage: '',
      optionsGatherType: 'dtmf speech',
      optionsMessage: 'option',
    });
    expect(
      voiceSettingsOf({ speechTimeout: 500, buttonTimeout: -3, optionsGatherType: 'keys', voice: ' man ' }),
    ).toMatchObject({
      speechTimeoutSeconds: 60,
      buttonTimeoutSeconds: 60,
      optionsGatherType: 'dtmf speech',
      voice: 'man',
    });
    expect(voiceSettingsOf({ speechTimeout: 2.4, buttonTimeout: 0.2 })).toMatchObject({
      speechTimeoutSeconds: 2,
      buttonTimeoutSeconds: 1,
    });
  });
});
