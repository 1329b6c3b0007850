import { CARD_SUBMIT_EVENT } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { ADAPTIVE_CARD, HERO_CARD, type TeamsInboundActivity } from './teams-activity';
import { TEAMS_MAX_CARD_BUTTONS, teamsActivityToInbound, teamsOutboundOf } from './teams-conversion';

const context = { fileUrl: (fileId: string) => `https://parley.test/api/channel-files/${fileId}` };

const inbound = (extra: Partial<TeamsInboundActivity>): TeamsInboundActivity => ({
  type: 'message',
  id: '1',
  channelId: 'msteams',
  serviceUrl: 'https://smba.trafficmanager.net/emea/',
  from: { id: '29:user' },
  recipient: { id: '28:bot' },
  conversation: { id: 'a:1' },
  ...extra,
});

describe('Teams activities in', () => {
  test('text without the mention of the bot', () => {
    expect(teamsActivityToInbound(inbound({ text: '<at>Support Desk</at>  hello there ' }))).toEqual({
      type: 'text',
      text: 'hello there',
    });
  });

  test('an Adaptive Card’s Action.Submit is the card submit event; a messageBack button a click', () => {
    expect(teamsActivityToInbound(inbound({ value: { email: 'a@b.c', action: 'send' } }))).toEqual({
      type: 'event',
      name: CARD_SUBMIT_EVENT,
      value: { email: 'a@b.c', action: 'send' },
    });
    expect(teamsActivityToInbound(inbound({ text: 'Satisfied', value: { option: 'Satisfied' } }))).toEqual({
      type: 'click',
      text: 'Satisfied',
    });
  });

  test('files and images are an attachment; the HTML copy of the text is not a file', () => {
    const activity = inbound({
      text: 'my invoice',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.teams.file.download.info',
          name: 'invoice.pdf',
          content: { downloadUrl: 'https://contoso.sharepoint.com/invoice.pdf', fileType: 'pdf' },
        },
        { contentType: 'image/png', contentUrl: 'https://smba.trafficmanager.net/img/1', name: 'shot.png' },
        { contentType: 'text/html', content: '<p>my invoice</p>' },
      ],
    });
    expect(teamsActivityToInbound(activity)).toEqual({
      type: 'attachment',
      text: 'my invoice',
      files: [
        { url: 'https://contoso.sharepoint.com/invoice.pdf', name: 'invoice.pdf' },
        { url: 'https://smba.trafficmanager.net/img/1', name: 'shot.png' },
      ],
    });
  });

  test('what the bot does not answer', () => {
    expect(teamsActivityToInbound(inbound({ type: 'conversationUpdate' }))).toBeUndefined();
    expect(teamsActivityToInbound(inbound({ type: 'invoke', value: { a: 1 } }))).toBeUndefined();
    expect(teamsActivityToInbound(inbound({ text: '<at>Bot</at>' }))).toBeUndefined();
  });
});

describe('Teams activities out', () => {
  test('text after a typing indicator', () => {
    expect(teamsOutboundOf({ type: 'text', text: 'Hi' }, context)).toEqual([
      { type: 'typing' },
      { type: 'message', text: 'Hi' },
    ]);
    expect(teamsOutboundOf({ type: 'text', text: '  ' }, context)).toEqual([]);
  });

  test('options as a hero card of imBack buttons, with the image', () => {
    const [, message] = teamsOutboundOf(
      { type: 'options', text: 'Pick one', options: ['Red', 'Blue'], image: 'https://img/x.png' },
      context,
    );
    expect(message).toEqual({
      type: 'message',
      attachments: [
        {
          contentType: HERO_CARD,
          content: {
            text: 'Pick one',
            images: [{ url: 'https://img/x.png' }],
            buttons: [
              { type: 'imBack', title: 'Red', value: 'Red' },
              { type: 'imBack', title: 'Blue', value: 'Blue' },
            ],
          },
        },
      ],
    });
  });

  test('more options than a card shows go on further cards of a list', () => {
    const options = Array.from({ length: 14 }, (_, i) => `Option ${i + 1}`);
    const [, message] = teamsOutboundOf({ type: 'options', text: 'Which?', options }, context);
    if (message?.type !== 'message') throw new Error('no message');
    expect(message.attachmentLayout).toBe('list');
    const cards = message.attachments ?? [];
    expect(cards.map((card) => (card.content.buttons as unknown[]).length)).toEqual([
      TEAMS_MAX_CARD_BUTTONS,
      TEAMS_MAX_CARD_BUTTONS,
      2,
    ]);
    expect(cards[0]?.content.text).toBe('Which?');
    expect(cards[1]?.content.text).toBeUndefined();
  });

  test('images and files as hero cards; a file with its signed link', () => {
    expect(teamsOutboundOf({ type: 'image', url: 'https://img/cat.gif' }, context)[1]).toEqual({
      type: 'message',
      attachments: [{ contentType: HERO_CARD, content: { images: [{ url: 'https://img/cat.gif' }] } }],
    });
    expect(teamsOutboundOf({ type: 'attachment', name: 'Terms.pdf', fileId: 'f1' }, context)[1]).toEqual({
      type: 'message',
      attachments: [
        {
          contentType: HERO_CARD,
          content: {
            title: 'Terms.pdf',
            buttons: [
              { type: 'openUrl', title: 'Download', value: 'https://parley.test/api/channel-files/f1' },
            ],
          },
        },
      ],
    });
  });

  test('an Adaptive Card as itself, with its texts as fallback text', () => {
    const card = { type: 'AdaptiveCard', version: '1.4', body: [{ type: 'TextBlock', text: 'Your order' }] };
    expect(teamsOutboundOf({ type: 'adaptiveCard', card }, context)[1]).toEqual({
      type: 'message',
      attachments: [{ contentType: ADAPTIVE_CARD, content: { ...card, fallbackText: 'Your order' } }],
    });
    const unversioned = teamsOutboundOf({ type: 'adaptiveCard', card: { body: [] } }, context)[1];
    expect(unversioned).toMatchObject({
      attachments: [{ content: { type: 'AdaptiveCard', version: '1.5', body: [] } }],
    });
  });

  test('a card Teams cannot show (a newer schema, not an Adaptive Card) is sent as its text', () => {
    const newer = {
      type: 'AdaptiveCard',
      version: '1.6',
      body: [
        { type: 'TextBlock', text: 'Your order' },
        { type: 'TextBlock', text: 'is on its way' },
      ],
    };
    expect(teamsOutboundOf({ type: 'adaptiveCard', card: newer }, context)).toEqual([
      { type: 'typing' },
      { type: 'message', text: 'Your order\nis on its way' },
    ]);
    const notACard = { type: 'MessageCard', title: 'Legacy' };
    expect(teamsOutboundOf({ type: 'adaptiveCard', card: notACard }, context)).toEqual([
      { type: 'typing' },
      { type: 'message', text: 'Legacy' },
    ]);
    expect(teamsOutboundOf({ type: 'adaptiveCard', card: { version: '2.0', body: [] } }, context)).toEqual(
      [],
    );
  });

  test('events have no message', () => {
    expect(teamsOutboundOf({ type: 'event', name: 'handover' }, context)).toEqual([]);
  });
});
