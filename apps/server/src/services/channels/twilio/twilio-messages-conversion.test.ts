import { describe, expect, test } from 'vitest';
import { TWILIO_BODY_MAX_LENGTH, twilioActivityOf, twilioMessagesOf } from './twilio-messages-conversion';

const context = { fileUrl: (fileId: string) => `https://parley.test/api/channel-files/${fileId}` };

describe('Twilio Messages conversion', () => {
  test('an adaptive card, which SMS and WhatsApp cannot show, says its texts', () => {
    const card = {
      type: 'AdaptiveCard',
      body: [
        { type: 'TextBlock', text: 'Order 1234' },
        { type: 'FactSet', facts: [{ title: 'Status', value: 'Shipped' }] },
        { type: 'Image', url: 'https://example.com/box.png' },
      ],
      actions: [{ type: 'Action.OpenUrl', title: 'Track it', url: 'https://example.com/track' }],
    };
    expect(twilioMessagesOf({ type: 'adaptiveCard', card }, context)).toEqual([
      { body: 'Order 1234\nStatus\nTrack it' },
    ]);
    expect(
      twilioMessagesOf({ type: 'adaptiveCard', card: { type: 'AdaptiveCard', body: [] } }, context),
    ).toEqual([]);
  });

  test('options are numbered lines that remember the options; a picture of the block goes first', () => {
    expect(
      twilioMessagesOf(
        { type: 'options', text: 'Pick one', options: ['Red', 'Blue'], image: 'https://example.com/a.png' },
        context,
      ),
    ).toEqual([
      { mediaUrl: 'https://example.com/a.png' },
      { body: 'Pick one\n1. Red\n2. Blue', options: ['Red', 'Blue'] },
    ]);
  });

  test('twelve options are all listed, beyond the catalogue’s 10, so each can be answered', () => {
    const options = Array.from({ length: 12 }, (_, i) => `Option ${i + 1}`);
    const [message] = twilioMessagesOf({ type: 'rating', text: '', options }, context);
    expect(message?.body?.split('\n')).toHaveLength(12);
    expect(message?.options).toEqual(options);
    expect(twilioActivityOf({ params: { Body: '12' }, lastOptions: options })).toEqual({
      type: 'click',
      text: 'Option 12',
    });
    expect(twilioActivityOf({ params: { Body: '13' }, lastOptions: options })).toEqual({
      type: 'text',
      text: '13',
    });
  });

  test('a long text goes in parts of at most 1600 characters; the options ride on the last part', () => {
    const text = `${'a'.repeat(1000)} ${'b'.repeat(1000)}`;
    const parts = twilioMessagesOf({ type: 'options', text, options: ['Yes'] }, context);
    expect(parts.map((p) => p.body?.length)).toEqual([1000, 1007]);
    expect(parts.every((p) => (p.body?.length ?? 0) <= TWILIO_BODY_MAX_LENGTH)).toBe(true);
    expect(parts.map((p) => p.options)).toEqual([undefined, ['Yes']]);
  });

  test('files, handover and other events', () => {
    expect(twilioMessagesOf({ type: 'attachment', name: 'a.pdf', fileId: 'f1' }, context)).toEqual([
      { file: { name: 'a.pdf', url: 'https://parley.test/api/channel-files/f1' } },
    ]);
    expect(twilioMessagesOf({ type: 'event', name: 'handover' }, context)).toEqual([
      { isHandoverAlert: true },
    ]);
    expect(twilioMessagesOf({ type: 'event', name: 'endOfConversation' }, context)).toEqual([]);
    expect(twilioMessagesOf({ type: 'text', text: '  ' }, context)).toEqual([]);
  });

  test('inbound: WhatsApp buttons are clicks, media an attachment, blank messages nothing', () => {
    expect(twilioActivityOf({ params: { Body: 'Yes', ButtonText: 'Yes', ButtonPayload: 'p1' } })).toEqual({
      type: 'click',
      text: 'Yes',
    });
    expect(
      twilioActivityOf({
        params: {
          Body: '',
          NumMedia: '2',
          MediaUrl0: 'https://x.test/M/ME1',
          MediaContentType0: 'application/pdf',
          MediaUrl1: 'javascript:alert(1)',
        },
      }),
    ).toEqual({ type: 'attachment', files: [{ url: 'https://x.test/M/ME1', name: 'ME1.pdf' }] });
    expect(twilioActivityOf({ params: { Body: '   ' } })).toBeUndefined();
    expect(twilioActivityOf({ params: { Body: ['a', 'b'] } })).toBeUndefined();
    expect(twilioActivityOf({ params: { Body: '2' } })).toEqual({ type: 'text', text: '2' });
  });
});
