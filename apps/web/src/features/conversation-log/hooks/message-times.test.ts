import type { ChatMessageView } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { answerDelayMs } from './message-times';

const message = (type: 'sent' | 'received', timestamp: string, received: string | null): ChatMessageView => ({
  conversationId: 'c',
  timestamp,
  user: 'u',
  type,
  message: { type: 'text', text: 'x' },
  statistics: {
    messageFirstReceived: received,
    messageTextSent: type === 'sent' ? timestamp : null,
    messageSpeechSent: null,
  },
});

describe('answer delays', () => {
  test('a sent message: the milliseconds since the received one before it', () => {
    expect(answerDelayMs(message('sent', '2026-11-25T10:00:01.250Z', '2026-11-25T10:00:00.000Z'))).toBe(1250);
  });
  test('received messages and sent ones without a message before them have none', () => {
    expect(
      answerDelayMs(message('received', '2026-11-25T10:00:00.000Z', '2026-11-25T10:00:00.000Z')),
    ).toBeNull();
    expect(answerDelayMs(message('sent', '2026-11-25T10:00:00.000Z', null))).toBeNull();
  });
});
