import { describe, expect, test } from 'vitest';
import { callbackDataOf, optionOfCallback, TELEGRAM_LIMITS, toTelegramOutbound } from './telegram-outbound';

const context = { fileUrl: (fileId: string) => `https://parley.test/files/${fileId}` };

describe('Telegram outbound conversion', () => {
  test('an adaptive card, which Telegram cannot show, becomes its texts as a message', () => {
    const card = {
      type: 'AdaptiveCard',
      body: [
        { type: 'TextBlock', text: 'Your order 42' },
        { type: 'TextBlock', text: 'Arrives on Monday' },
        { type: 'Image', url: 'https://example.com/a.png' },
      ],
      actions: [{ type: 'Action.OpenUrl', title: 'Track it', url: 'https://example.com' }],
    };
    expect(toTelegramOutbound({ type: 'adaptiveCard', card }, context)).toEqual([
      { method: 'sendMessage', body: { text: 'Your order 42\nArrives on Monday\nTrack it' } },
    ]);
    expect(
      toTelegramOutbound({ type: 'adaptiveCard', card: { type: 'AdaptiveCard', body: [] } }, context),
    ).toEqual([]);
  });

  test('a rating is an inline keyboard, one button a row, each mapping back to its option', () => {
    const options = ['Very Satisfied', 'Satisfied', 'Neutral', 'Unsatisfied', 'Very unsatisfied'];
    const [message] = toTelegramOutbound({ type: 'rating', text: 'How happy?', options }, context);
    expect(message).toEqual({
      method: 'sendMessage',
      body: {
        text: 'How happy?',
        reply_markup: {
          inline_keyboard: options.map((text, index) => [{ text, callback_data: `${index}|${text}` }]),
        },
      },
    });
  });

  test('callback_data stays within 64 bytes, and a press maps back to the full option', () => {
    const long = `Ünïcödé ${'option '.repeat(20)}`;
    const data = callbackDataOf(3, long);
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(TELEGRAM_LIMITS.callbackDataBytes);
    expect(data.startsWith('3|Ünïcödé')).toBe(true);
    const keyboard = { inline_keyboard: [[{ text: long, callback_data: data }]] };
    const query = {
      id: '1',
      from: { id: 7 },
      data,
      message: { message_id: 1, chat: { id: 7 }, reply_markup: keyboard },
    };
    expect(optionOfCallback(query)).toBe(long);
    // The message is too old to come with the press: the text the data holds.
    expect(optionOfCallback({ id: '1', from: { id: 7 }, data: '0|Neutral' })).toBe('Neutral');
  });

  test('a text over 4096 characters is split into several messages', () => {
    const text = `${'word '.repeat(1000)}\n${'more '.repeat(1000)}`;
    const messages = toTelegramOutbound({ type: 'text', text }, context);
    expect(messages.length).toBe(3);
    for (const message of messages)
      expect(String((message as unknown as { body: { text: string } }).body.text).length).toBeLessThanOrEqual(
        4096,
      );
  });

  test('more options than a keyboard holds are numbered in the text', () => {
    const options = Array.from({ length: 101 }, (_, index) => `Choice ${index + 1}`);
    const [message] = toTelegramOutbound({ type: 'options', text: 'Pick', options }, context);
    expect(message).toMatchObject({
      method: 'sendMessage',
      body: { text: expect.stringContaining('101. Choice 101') },
    });
    expect(message).not.toHaveProperty('body.reply_markup');
  });

  test('images, GIFs, files and events', () => {
    expect(toTelegramOutbound({ type: 'image', url: 'https://e.com/cat.png' }, context)).toEqual([
      { method: 'sendChatAction', body: { action: 'upload_photo' } },
      { method: 'sendPhoto', body: { photo: 'https://e.com/cat.png' } },
    ]);
    expect(toTelegramOutbound({ type: 'image', url: 'https://e.com/cat.GIF?x=1' }, context)[1]).toEqual({
      method: 'sendAnimation',
      body: { animation: 'https://e.com/cat.GIF?x=1' },
    });
    expect(toTelegramOutbound({ type: 'attachment', name: 'terms.docx', fileId: 'f1' }, context)[1]).toEqual({
      method: 'sendDocument',
      upload: { fileId: 'f1', name: 'terms.docx' },
    });
    expect(toTelegramOutbound({ type: 'event', name: 'endOfConversation' }, context)).toEqual([]);
  });
});
