import type { HandoverConversationView, HandoverMessageView } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { withMessage } from './inbox-messages';

const message = (turnId: string, text: string): HandoverMessageView => ({
  turnId,
  at: '2026-11-27T10:00:00.000Z',
  from: 'user',
  agentId: null,
  text,
});

const conversation = {
  handover: {},
  messages: [message('t1', 'hello')],
} as unknown as HandoverConversationView;

describe('a live message joins the open conversation', () => {
  test('a new one is appended at the end', () => {
    expect(withMessage(conversation, message('t2', 'anyone?'))?.messages.map((m) => m.text)).toEqual([
      'hello',
      'anyone?',
    ]);
  });

  test('one already shown is not shown twice', () => {
    expect(withMessage(conversation, message('t1', 'hello'))).toBe(conversation);
  });

  test('a conversation not loaded stays not loaded', () => {
    expect(withMessage(undefined, message('t2', 'anyone?'))).toBeUndefined();
  });
});
