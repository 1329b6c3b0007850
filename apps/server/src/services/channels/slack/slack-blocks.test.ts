import type { OutboundActivity } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { SLACK_LIMITS, type SlackBlock, sectionsOf, slackMessagesOf } from './slack-blocks';
import { answeredMessageOf } from './slack-clicked-message';

const context = { fileUrl: (fileId: string) => `https://parley.example/api/channel-files/${fileId}` };
const convert = (activity: OutboundActivity) => slackMessagesOf(activity, context);
const sectionTexts = (blocks: SlackBlock[]) =>
  blocks.flatMap((block) => (block.type === 'section' ? [block.text.text] : []));

describe('Slack Block Kit conversion', () => {
  test('a text is a section, escaped, with the same text as its notification', () => {
    expect(convert({ type: 'text', text: 'Tom & Jerry <3' })).toEqual([
      {
        text: 'Tom &amp; Jerry &lt;3',
        blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Tom &amp; Jerry &lt;3' } }],
      },
    ]);
    expect(convert({ type: 'text', text: '  ' })).toEqual([]);
  });

  test('a rating is its question and a button per option, valued with the option text', () => {
    const [message] = convert({ type: 'rating', text: 'How happy?', options: ['Very Satisfied', 'Neutral'] });
    expect(message?.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: 'How happy?' } },
      {
        type: 'actions',
        block_id: 'parley-options-0',
        elements: [
          {
            type: 'button',
            action_id: 'parley-option-0',
            text: { type: 'plain_text', text: 'Very Satisfied', emoji: true },
            value: 'Very Satisfied',
          },
          {
            type: 'button',
            action_id: 'parley-option-1',
            text: { type: 'plain_text', text: 'Neutral', emoji: true },
            value: 'Neutral',
          },
        ],
      },
    ]);
    // The notification (and what a client without blocks shows) numbers the options.
    expect(message?.text).toBe('How happy?\n1. Very Satisfied\n2. Neutral');
  });

  test('more than 25 options take several actions blocks; a long label is shortened, its value kept', () => {
    const options = Array.from({ length: 30 }, (_, i) => `Option ${i + 1}`);
    const long = 'L'.repeat(100);
    const [message] = convert({ type: 'options', text: '', options: [...options, long, ''] });
    const actions = message?.blocks.filter((block) => block.type === 'actions') ?? [];
    expect(actions.map((block) => (block.type === 'actions' ? block.elements.length : 0))).toEqual([25, 6]);
    const last = actions[1]?.type === 'actions' ? actions[1].elements.at(-1) : undefined;
    expect(last?.text.text).toHaveLength(SLACK_LIMITS.buttonText);
    expect(last?.value).toBe(long);
    expect(
      new Set(actions.flatMap((b) => (b.type === 'actions' ? b.elements.map((e) => e.action_id) : []))).size,
    ).toBe(31);
  });

  test('options with an image show it first; an image is an image block, a file a link to its signed URL', () => {
    const [withImage] = convert({
      type: 'options',
      text: 'Pick',
      options: ['A'],
      image: 'https://img.example/a.png',
    });
    expect(withImage?.blocks[0]).toEqual({
      type: 'image',
      image_url: 'https://img.example/a.png',
      alt_text: 'Image',
    });
    expect(convert({ type: 'image', url: 'https://img.example/b.png' })[0]?.blocks).toEqual([
      { type: 'image', image_url: 'https://img.example/b.png', alt_text: 'Image' },
    ]);
    // Slack cannot fetch what is no web address: it is said as text.
    expect(convert({ type: 'image', url: 'data:image/png;base64,AAAA' })[0]?.blocks[0]?.type).toBe('section');
    const [file] = convert({ type: 'attachment', name: 'Terms <v2>.pdf', fileId: 'f1' });
    expect(sectionTexts(file?.blocks ?? [])).toEqual([
      '<https://parley.example/api/channel-files/f1|Terms &lt;v2&gt;.pdf>',
    ]);
    expect(file?.text).toBe('Terms &lt;v2&gt;.pdf: https://parley.example/api/channel-files/f1');
  });

  test('an adaptive card, which Slack cannot show, is its texts; a card without text and events say nothing', () => {
    const card = {
      type: 'AdaptiveCard',
      body: [
        { type: 'TextBlock', text: 'Your order' },
        { type: 'FactSet', facts: [{ title: 'Total', value: '12 EUR' }] },
      ],
      actions: [{ type: 'Action.Submit', title: 'Confirm' }],
    };
    const [message] = convert({ type: 'adaptiveCard', card });
    expect(sectionTexts(message?.blocks ?? [])).toEqual(['Your order\nTotal\nConfirm']);
    expect(message?.blocks.some((block) => block.type === 'actions')).toBe(false);
    expect(convert({ type: 'adaptiveCard', card: { type: 'AdaptiveCard', body: [] } })).toEqual([]);
    expect(convert({ type: 'event', name: 'handover' })).toEqual([]);
  });

  test('a text longer than a section is cut into sections within the limit, 50 blocks to a message', () => {
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i}`).join(' ');
    const messages = convert({ type: 'text', text: words });
    const blocks = messages.flatMap((message) => message.blocks);
    expect(blocks.every((block) => block.type === 'section' && block.text.text.length <= 3000)).toBe(true);
    expect(sectionTexts(blocks).join(' ')).toBe(words);
    // Escaping lengthens '&' five times: a section is still within the limit.
    const ampersands = sectionsOf('&'.repeat(45_000));
    expect(ampersands.every((block) => block.type === 'section' && block.text.text.length <= 3000)).toBe(
      true,
    );
    const many = convert({ type: 'text', text: '&'.repeat(45_000) });
    expect(many.length).toBeGreaterThan(1);
    expect(many.every((message) => message.blocks.length <= 50 && message.text.length <= 3000)).toBe(true);
  });
});

describe('the clicked message afterwards', () => {
  test('keeps its text and shows the choice instead of its buttons', () => {
    const [rating] = convert({ type: 'rating', text: 'How happy?', options: ['Good', 'Bad'] });
    const answered = answeredMessageOf({
      channel: 'D1',
      ts: '1.1',
      blocks: rating?.blocks ?? [],
      chosen: 'Good & fine',
    });
    expect(answered?.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: 'How happy?' } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: '✓ Good &amp; fine' }] },
    ]);
    // A message without buttons is left as it is.
    expect(
      answeredMessageOf({ channel: 'D1', ts: '1.1', blocks: [{ type: 'section' }], chosen: 'x' }),
    ).toBeUndefined();
  });
});
