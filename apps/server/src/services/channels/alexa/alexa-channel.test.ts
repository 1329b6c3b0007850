import { readFileSync } from 'node:fs';
import type { OutboundActivity } from '@parley/contracts';
import type { ResponseEnvelope, ui } from 'ask-sdk-model';
import { describe, expect, test } from 'vitest';
import { greetingUtteranceOf } from '../messaging/greeting-utterance';
import { alexaChannel } from './alexa-channel';
import { interactionModelOf } from './alexa-interaction-model';
import { certificateChainPath, isFreshTimestamp } from './alexa-request-verification';
import { alexaResponseOf, escapeSsml, optionsSentence } from './alexa-speech';
import { spokenOptionChoice } from './alexa-utterance';

const context = { fileUrl: (fileId: string) => `https://parley.example/api/channel-files/${fileId}` };
/** The SSML of an answer's speech. */
const spoken = (answer: ResponseEnvelope) =>
  (answer.response.outputSpeech as ui.SsmlOutputSpeech | undefined)?.ssml;
const answerOf = (activities: OutboundActivity[], optionsWord = 'option') =>
  alexaResponseOf(
    activities.flatMap((activity) => alexaChannel.toOutbound(activity, context)),
    { optionsWord, title: 'Support Desk' },
  );

describe('the bot’s activities as one Alexa response', () => {
  test('texts are spoken in order as SSML, escaped, and written on a Simple card', () => {
    const answer = answerOf([
      { type: 'text', text: 'Fish & chips <today>' },
      { type: 'text', text: "It's ready." },
    ]);
    expect(answer.response.outputSpeech).toEqual({
      type: 'SSML',
      ssml: '<speak><p>Fish &amp; chips &lt;today&gt;</p><p>It&apos;s ready.</p></speak>',
    });
    expect(answer.response.card).toEqual({
      type: 'Simple',
      title: 'Support Desk',
      content: "Fish & chips <today>\n\nIt's ready.",
    });
    expect(answer.response.reprompt?.outputSpeech).toEqual({
      type: 'SSML',
      ssml: '<speak><p>It&apos;s ready.</p></speak>',
    });
    expect(answer.response.shouldEndSession).toBe(false);
  });

  test('an adaptive card, which Alexa cannot show, is spoken as its texts (the text fallback)', () => {
    const card = {
      type: 'AdaptiveCard',
      body: [
        { type: 'TextBlock', text: 'Your order' },
        { type: 'FactSet', facts: [{ title: 'Status', value: 'shipped' }] },
        { type: 'TextBlock', text: 'Arrives Friday' },
      ],
      actions: [{ type: 'Action.OpenUrl', title: 'Track it', url: 'https://example.org' }],
    };
    const answer = answerOf([{ type: 'adaptiveCard', card }]);
    expect(spoken(answer)).toBe(
      '<speak><p>Your order</p><p>Status</p><p>Arrives Friday</p><p>Track it</p></speak>',
    );
    expect(answerOf([{ type: 'adaptiveCard', card: { type: 'AdaptiveCard', body: [] } }]).response).toEqual({
      shouldEndSession: false,
    });
  });

  test('options are read out with the options word, kept for the next request, and listed on the card', () => {
    const answer = answerOf(
      [{ type: 'options', text: 'Which plan?', options: ['Basic', 'Pro', 'Enterprise'] }],
      'choice',
    );
    expect(spoken(answer)).toBe(
      '<speak><p>Which plan? Say choice 1 for Basic, choice 2 for Pro, or choice 3 for Enterprise.</p></speak>',
    );
    expect(answer.sessionAttributes).toEqual({ parleyOptions: ['Basic', 'Pro', 'Enterprise'] });
    expect(answer.response.card).toMatchObject({ content: 'Which plan?\n1. Basic\n2. Pro\n3. Enterprise' });
    expect(optionsSentence(['Yes'], '')).toBe('Say option 1 for Yes.');
  });

  test('https images go on a Standard card; other images and events have no voice; a file is named, linked on the card', () => {
    const answer = answerOf([
      { type: 'image', url: 'http://insecure.example/a.png' },
      { type: 'image', url: 'https://cdn.example/b.png' },
      { type: 'attachment', name: 'Invoice.pdf', fileId: 'f1' },
      { type: 'event', name: 'handover' },
    ]);
    expect(answer.response.card).toEqual({
      type: 'Standard',
      title: 'Support Desk',
      text: 'Invoice.pdf: https://parley.example/api/channel-files/f1',
      image: { smallImageUrl: 'https://cdn.example/b.png', largeImageUrl: 'https://cdn.example/b.png' },
    });
    expect(spoken(answer)).toBe('<speak><p>Invoice.pdf</p></speak>');
  });

  test('the end of the conversation ends the session, without a reprompt or options', () => {
    const answer = answerOf([
      { type: 'rating', text: 'Rate me', options: ['Good', 'Bad'] },
      { type: 'text', text: 'Goodbye' },
      { type: 'event', name: 'endOfConversation' },
    ]);
    expect(answer.response.shouldEndSession).toBe(true);
    expect(answer.response.reprompt).toBeUndefined();
    expect(answer.sessionAttributes).toEqual({});
  });

  test('SSML escaping covers every XML special character', () => {
    expect(escapeSsml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});

describe('what the user said', () => {
  const rating = ['Very Satisfied', 'Satisfied', 'Neutral', 'Unsatisfied', 'Very unsatisfied'];
  test.each([
    ['option one', 'Very Satisfied'],
    ['Option 2', 'Satisfied'],
    ['one', 'Very Satisfied'],
    ['number three', 'Neutral'],
    ['the fourth one', 'Unsatisfied'],
    ['5', 'Very unsatisfied'],
    ['very satisfied', 'Very Satisfied'],
    ['Very unsatisfied.', 'Very unsatisfied'],
    ['option six', undefined],
    ['option one hundred', undefined],
    ['I am satisfied', undefined],
    ['', undefined],
  ])('%j picks %j', (text, chosen) => {
    expect(spokenOptionChoice(text, rating, 'option')).toBe(chosen);
  });

  test('a chosen option is a click; other words, or numbers when nothing was offered, are text', () => {
    expect(
      alexaChannel.toActivity({ text: 'option two', offeredOptions: rating, optionsWord: 'option' }),
    ).toEqual({
      type: 'click',
      text: 'Satisfied',
    });
    expect(
      alexaChannel.toActivity({ text: 'option two', offeredOptions: [], optionsWord: 'option' }),
    ).toEqual({
      type: 'text',
      text: 'option two',
    });
    expect(spokenOptionChoice('choice two', rating, 'choice')).toBe('Satisfied');
  });

  test('opening the skill greets the bot in the skill’s language', () => {
    expect(greetingUtteranceOf('en-GB')).toBe('hello');
    expect(greetingUtteranceOf('de-DE')).toBe('hallo');
    expect(greetingUtteranceOf(undefined)).toBe('hello');
    expect(greetingUtteranceOf('xx-YY')).toBe('hello');
  });
});

describe('request checks that need no certificate', () => {
  test.each([
    ['https://s3.amazonaws.com/echo.api/echo-api-cert.pem', '/echo.api/echo-api-cert.pem'],
    ['https://s3.amazonaws.com:443/echo.api/echo-api-cert.pem', '/echo.api/echo-api-cert.pem'],
    ['HTTPS://s3.AmAzOnAwS.com/echo.api/echo-api-cert.pem', '/echo.api/echo-api-cert.pem'],
    ['https://s3.amazonaws.com/echo.api/../echo.api/echo-api-cert.pem', '/echo.api/echo-api-cert.pem'],
    ['http://s3.amazonaws.com/echo.api/echo-api-cert.pem', undefined],
    ['https://notamazon.com/echo.api/echo-api-cert.pem', undefined],
    ['https://s3.amazonaws.com/EcHo.aPi/echo-api-cert.pem', undefined],
    ['https://s3.amazonaws.com/invalid.path/echo-api-cert.pem', undefined],
    ['https://s3.amazonaws.com/echo.api/../invalid.path/echo-api-cert.pem', undefined],
    ['https://s3.amazonaws.com:563/echo.api/echo-api-cert.pem', undefined],
    ['', undefined],
  ])('chain URL %j', (url, path) => {
    expect(certificateChainPath(url)).toBe(path);
  });

  test('a timestamp is fresh within 150 seconds either way', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(isFreshTimestamp('2026-11-27T11:57:30Z', now)).toBe(true);
    expect(isFreshTimestamp('2026-11-27T11:57:29Z', now)).toBe(false);
    expect(isFreshTimestamp('2026-11-27T12:02:31Z', now)).toBe(false);
    expect(isFreshTimestamp('not a time', now)).toBe(false);
  });
});

test('the user manual prints the interaction model Create skill sets', () => {
  const manual = readFileSync(new URL('../../../../manual/05-channels/alexa.md', import.meta.url), 'utf8');
  const printed = /```json\n([\s\S]+?)```/.exec(manual)?.[1];
  expect(JSON.parse(printed ?? 'null')).toEqual(interactionModelOf('Support Desk'));
});
