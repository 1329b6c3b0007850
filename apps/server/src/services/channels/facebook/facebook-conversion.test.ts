import type { OutboundActivity } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { facebookToActivity, facebookToOutbound } from './facebook-conversion';
import type { MessagingEvent } from './facebook-messages';

const context = { fileUrl: (fileId: string) => `https://parley.test/api/channel-files/${fileId}` };
const sender = { id: '4455' };
const convert = (activity: OutboundActivity) => facebookToOutbound(activity, context);
/** The messages of a conversion, without the typing indicator before them. */
const messagesOf = (activity: OutboundActivity) => {
  const [typing, ...messages] = convert(activity);
  expect(typing).toEqual({ sender_action: 'typing_on' });
  return messages;
};

describe('Messenger events as activities', () => {
  test.each<[string, MessagingEvent, unknown]>([
    ['a typed text', { sender, message: { mid: 'm.1', text: 'hello' } }, { type: 'text', text: 'hello' }],
    [
      'a quick reply: its payload',
      { sender, message: { mid: 'm.2', text: 'Very Sat…', quick_reply: { payload: 'Very Satisfied' } } },
      { type: 'click', text: 'Very Satisfied' },
    ],
    [
      'a postback: its payload',
      { sender, postback: { mid: 'm.3', title: 'Start', payload: 'GET_STARTED' } },
      { type: 'click', text: 'GET_STARTED' },
    ],
    [
      'an image and a file',
      {
        sender,
        message: {
          mid: 'm.4',
          attachments: [
            { type: 'image', payload: { url: 'https://cdn.test/a/photo.jpg?x=1' } },
            { type: 'file', payload: { url: 'https://cdn.test/b/report%20q3.pdf' } },
          ],
        },
      },
      {
        type: 'attachment',
        files: [
          { url: 'https://cdn.test/a/photo.jpg?x=1', name: 'photo.jpg' },
          { url: 'https://cdn.test/b/report%20q3.pdf', name: 'report q3.pdf' },
        ],
      },
    ],
    ['the page’s own echo', { sender, message: { mid: 'm.5', text: 'hi', is_echo: true } }, undefined],
    [
      'a location (no file)',
      { sender, message: { mid: 'm.6', attachments: [{ type: 'location', payload: {} }] } },
      undefined,
    ],
    ['a read receipt', { sender }, undefined],
  ])('%s', (_name, event, activity) => {
    expect(facebookToActivity(event)).toEqual(activity);
  });
});

describe('activities as Send API messages', () => {
  test('a text, split at 2000 characters, after a typing indicator', () => {
    expect(convert({ type: 'text', text: 'Hi there' })).toEqual([
      { sender_action: 'typing_on' },
      { message: { text: 'Hi there' } },
    ]);
    const long = `${'word '.repeat(500)}end`;
    const parts = messagesOf({ type: 'text', text: long });
    expect(parts.length).toBe(2);
    for (const part of parts)
      expect((part as { message: { text: string } }).message.text.length).toBeLessThanOrEqual(2000);
  });

  test('a rating as quick replies whose payload is the option', () => {
    const options = ['Very Satisfied', 'Satisfied', 'Neutral', 'Unsatisfied', 'Very unsatisfied'];
    expect(messagesOf({ type: 'rating', text: 'How was it?', options })).toEqual([
      {
        message: {
          text: 'How was it?',
          quick_replies: options.map((option) => ({ content_type: 'text', title: option, payload: option })),
        },
      },
    ]);
  });

  test('options with an image: the image, then the quick replies', () => {
    expect(
      messagesOf({ type: 'options', text: 'Pick', options: ['A', 'B'], image: 'https://x.test/menu.png' }),
    ).toEqual([
      {
        message: {
          attachment: { type: 'image', payload: { url: 'https://x.test/menu.png', is_reusable: false } },
        },
      },
      {
        message: {
          text: 'Pick',
          quick_replies: [
            { content_type: 'text', title: 'A', payload: 'A' },
            { content_type: 'text', title: 'B', payload: 'B' },
          ],
        },
      },
    ]);
  });

  test('more than 13 options, or a title over 20 characters: numbered in the text', () => {
    const fourteen = Array.from({ length: 14 }, (_, i) => `Option ${i + 1}`);
    const [many] = messagesOf({ type: 'options', text: 'Which one?', options: fourteen });
    expect(many).toEqual({
      message: { text: ['Which one?', ...fourteen.map((o, i) => `${i + 1}. ${o}`)].join('\n') },
    });
    const [long] = messagesOf({
      type: 'options',
      text: 'Which?',
      options: ['Short', 'A title far longer than twenty'],
    });
    expect(long).toEqual({ message: { text: 'Which?\n1. Short\n2. A title far longer than twenty' } });
  });

  test('images and files by URL; a file named like an image is sent as one', () => {
    expect(messagesOf({ type: 'image', url: 'https://x.test/cat.gif' })).toEqual([
      {
        message: {
          attachment: { type: 'image', payload: { url: 'https://x.test/cat.gif', is_reusable: false } },
        },
      },
    ]);
    expect(messagesOf({ type: 'attachment', name: 'terms.pdf', fileId: 'f1' })).toEqual([
      {
        message: {
          attachment: {
            type: 'file',
            payload: { url: 'https://parley.test/api/channel-files/f1', is_reusable: false },
          },
        },
      },
    ]);
    expect(messagesOf({ type: 'attachment', name: 'map.PNG', fileId: 'f2' })[0]).toMatchObject({
      message: { attachment: { type: 'image' } },
    });
  });

  test('an adaptive card: its texts', () => {
    const card = {
      type: 'AdaptiveCard',
      body: [
        { type: 'TextBlock', text: 'Your order' },
        { type: 'TextBlock', text: 'Two coffees' },
      ],
      actions: [{ type: 'Action.Submit', title: 'Confirm' }],
    };
    expect(messagesOf({ type: 'adaptiveCard', card })).toEqual([
      { message: { text: 'Your order\nTwo coffees\nConfirm' } },
    ]);
    expect(convert({ type: 'adaptiveCard', card: { type: 'AdaptiveCard', body: [] } })).toEqual([]);
  });

  test('events and empty texts send nothing, not even a typing indicator', () => {
    expect(convert({ type: 'event', name: 'handover' })).toEqual([]);
    expect(convert({ type: 'text', text: '  ' })).toEqual([]);
  });
});
