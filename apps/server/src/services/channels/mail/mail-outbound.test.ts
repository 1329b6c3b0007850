import type { OutboundActivity } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { mailChannel } from './mail-channel';
import { joinMailParts, mailPartsOf, NUMBERED_OPTIONS_HINT } from './mail-outbound';

const context = { fileUrl: (fileId: string) => `https://parley.example/api/channel-files/${fileId}` };
const partsOf = (activity: OutboundActivity) => mailPartsOf(activity, context);

describe('the bot’s activities as mail', () => {
  test('a text is its text', () => {
    expect(partsOf({ type: 'text', text: 'Hello!' })).toEqual([{ text: 'Hello!' }]);
  });

  test('options are numbered, with how to answer, and remembered for the reply', () => {
    const [part] = partsOf({
      type: 'options',
      text: 'Pick one',
      options: ['Red', 'Blue'],
      image: 'https://x/i.png',
    });
    expect(part?.text).toBe(`https://x/i.png\n\nPick one\n1. Red\n2. Blue\n\n${NUMBERED_OPTIONS_HINT}`);
    expect(part?.offeredOptions).toEqual(['Red', 'Blue']);
  });

  test('a rating is numbered too', () => {
    const [part] = partsOf({ type: 'rating', text: 'How was it?', options: ['Good', 'Bad'] });
    expect(part?.text).toContain('1. Good\n2. Bad');
    expect(part?.offeredOptions).toEqual(['Good', 'Bad']);
  });

  test('images and files are links', () => {
    expect(partsOf({ type: 'image', url: 'https://x/cat.png' })).toEqual([{ text: 'https://x/cat.png' }]);
    expect(partsOf({ type: 'attachment', name: 'Terms.pdf', fileId: 'f-1' })).toEqual([
      { text: 'Terms.pdf: https://parley.example/api/channel-files/f-1' },
    ]);
  });

  test('an adaptive card, which mail cannot show, falls back to its texts', () => {
    const card = {
      type: 'AdaptiveCard',
      body: [
        { type: 'TextBlock', text: 'Your order' },
        { type: 'FactSet', facts: [{ title: 'Status', value: 'Shipped' }] },
        { type: 'Input.Text', id: 'note' },
      ],
      actions: [{ type: 'Action.Submit', title: 'Send' }],
    };
    expect(partsOf({ type: 'adaptiveCard', card })).toEqual([{ text: 'Your order\nStatus\nSend' }]);
    expect(partsOf({ type: 'adaptiveCard', card: { type: 'AdaptiveCard', body: [] } })).toEqual([]);
  });

  test('events say nothing', () => {
    expect(partsOf({ type: 'event', name: 'handover' })).toEqual([]);
  });

  test('a turn is one mail, whose options are its last numbered list', () => {
    const mail = joinMailParts([
      { text: 'Hi' },
      { text: 'A?\n1. x', offeredOptions: ['x'] },
      { text: 'B?\n1. y', offeredOptions: ['y'] },
      { text: 'Bye' },
    ]);
    expect(mail).toEqual({ text: 'Hi\n\nA?\n1. x\n\nB?\n1. y\n\nBye', offeredOptions: ['y'] });
    expect(joinMailParts([])).toBeUndefined();
  });
});

describe('a user’s mail as an activity', () => {
  test.each([
    [{ text: 'hello' }, { type: 'text', text: 'hello' }],
    [
      { text: ' 2 ', offeredOptions: ['Red', 'Blue'] },
      { type: 'click', text: 'Blue' },
    ],
    [
      { text: '2.', offeredOptions: ['Red', 'Blue'] },
      { type: 'click', text: 'Blue' },
    ],
    [
      { text: '3', offeredOptions: ['Red', 'Blue'] },
      { type: 'text', text: '3' },
    ],
    [{ text: '2' }, { type: 'text', text: '2' }],
    [
      { text: 'Blue', offeredOptions: ['Red', 'Blue'] },
      { type: 'text', text: 'Blue' },
    ],
    [{ text: '   ' }, undefined],
  ])('%j', (inbound, activity) => {
    expect(mailChannel.toActivity(inbound)).toEqual(activity);
  });
});
