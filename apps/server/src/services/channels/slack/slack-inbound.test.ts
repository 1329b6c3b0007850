import { describe, expect, test } from 'vitest';
import { readSlackRequest } from './slack-inbound';
import { plainTextOfSlack } from './slack-text';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const form = (payload: unknown) =>
  Buffer.from(new URLSearchParams({ payload: JSON.stringify(payload) }).toString());
const event = (fields: Record<string, unknown>) =>
  json({
    type: 'event_callback',
    team_id: 'T1',
    event_id: 'Ev1',
    event: { user: 'U1', channel: 'D1', ts: '1.1', ...fields },
  });

describe('Slack requests as the runtime reads them', () => {
  test('a direct message is a text, answered in its channel', () => {
    expect(
      readSlackRequest(event({ type: 'message', channel_type: 'im', text: 'hello' }), 'application/json'),
    ).toEqual({
      kind: 'inbound',
      inbound: {
        messageId: 'Ev1',
        team: 'T1',
        user: 'U1',
        address: { channel: 'D1', team: 'T1' },
        activity: { type: 'text', text: 'hello' },
      },
    });
  });

  test('a mention is its text without the mention, answered in its thread', () => {
    const read = readSlackRequest(
      event({
        type: 'app_mention',
        text: '<@UBOT> need help with <https://x.example|my order> &amp; more',
        channel: 'C1',
      }),
      'application/json',
      'UBOT',
    );
    expect(read).toMatchObject({
      inbound: {
        address: { channel: 'C1', threadTs: '1.1' },
        activity: { type: 'text', text: 'need help with my order & more' },
      },
    });
  });

  test("the bot's own and other bots' messages, edits and channel chatter are not answered", () => {
    for (const fields of [
      { type: 'message', channel_type: 'im', text: 'hi', bot_id: 'B1' },
      { type: 'message', channel_type: 'im', text: 'hi', subtype: 'message_changed' },
      { type: 'message', channel_type: 'channel', text: 'hi' },
      { type: 'message', channel_type: 'im', text: '   ' },
      { type: 'reaction_added' },
    ])
      expect(readSlackRequest(event(fields), 'application/json'), JSON.stringify(fields)).toEqual({
        kind: 'ignored',
      });
    expect(
      readSlackRequest(
        event({ type: 'message', channel_type: 'im', text: 'hi', user: 'UBOT' }),
        'application/json',
        'UBOT',
      ),
    ).toEqual({ kind: 'ignored' });
  });

  test('a shared file is an attachment', () => {
    const read = readSlackRequest(
      event({
        type: 'message',
        channel_type: 'im',
        subtype: 'file_share',
        text: 'my receipt',
        files: [{ name: 'receipt.pdf', url_private: 'https://files.slack.com/receipt.pdf' }],
      }),
      'application/json',
    );
    expect(read).toMatchObject({
      inbound: {
        activity: {
          type: 'attachment',
          text: 'my receipt',
          files: [{ name: 'receipt.pdf', url: 'https://files.slack.com/receipt.pdf' }],
        },
      },
    });
  });

  test('url_verification is a challenge; junk is malformed; other envelopes are ignored', () => {
    expect(
      readSlackRequest(json({ type: 'url_verification', challenge: 'c-1', token: 'x' }), 'application/json'),
    ).toEqual({
      kind: 'challenge',
      challenge: 'c-1',
    });
    expect(readSlackRequest(Buffer.from('{"type":'), 'application/json')).toEqual({ kind: 'malformed' });
    expect(readSlackRequest(json({ type: 'event_callback' }), 'application/json')).toEqual({
      kind: 'malformed',
    });
    expect(readSlackRequest(json({ type: 'app_rate_limited' }), 'application/json')).toEqual({
      kind: 'ignored',
    });
  });

  test("a button click is a click with the button's value, answered where the buttons are", () => {
    const read = readSlackRequest(
      form({
        type: 'block_actions',
        team: { id: 'T1' },
        user: { id: 'U1', team_id: 'T1' },
        channel: { id: 'D1' },
        container: { type: 'message', channel_id: 'D1', message_ts: '2.2' },
        message: { ts: '2.2', thread_ts: '1.1' },
        trigger_id: 'tr-1',
        actions: [
          { type: 'button', action_id: 'parley-option-0', value: 'Very Satisfied', action_ts: '3.3' },
        ],
      }),
      'application/x-www-form-urlencoded',
    );
    expect(read).toEqual({
      kind: 'inbound',
      inbound: {
        messageId: 'block_actions:U1:3.3',
        team: 'T1',
        user: 'U1',
        address: { channel: 'D1', team: 'T1', threadTs: '1.1' },
        activity: { type: 'click', text: 'Very Satisfied' },
      },
    });
    expect(readSlackRequest(form({ type: 'view_submission' }), 'application/x-www-form-urlencoded')).toEqual({
      kind: 'ignored',
    });
    expect(readSlackRequest(Buffer.from('payload=%7B'), 'application/x-www-form-urlencoded')).toEqual({
      kind: 'malformed',
    });
  });

  test('mentions, channels and links read as words', () => {
    expect(plainTextOfSlack('hi <@U2|anna> in <#C1|general> <!here> see <mailto:a@b.c|a@b.c> &lt;3')).toBe(
      'hi @anna in #general @here see a@b.c <3',
    );
  });
});
