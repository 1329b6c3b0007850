import type { ConversationTurnMessage } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { CONTINUED_NOTE, chatLogReducer, EMPTY_CHAT_LOG } from './chat-log';

const topic = { kind: 'conversation' as const, botId: 'b', conversationId: 'c' };
const turn = (said: string, answers: string[], intent: string | null = null): ConversationTurnMessage => ({
  type: 'conversation:turn',
  topic,
  said: { type: 'text', text: said },
  activities: answers.map((text) => ({ type: 'text', text })),
  responseDelayMs: 0,
  details: {
    intent,
    score: intent ? 0.9 : null,
    entities: [],
    intents: [],
    variables: [],
    flowTriggered: intent,
    error: null,
  },
});

describe('the test chat log', () => {
  test('a message sent here shows at once; its turn adds only the answers', () => {
    let log = chatLogReducer(EMPTY_CHAT_LOG, { type: 'sent', activity: { type: 'text', text: 'hi' } });
    expect(log.entries.map((e) => e.from)).toEqual(['user']);
    log = chatLogReducer(log, { type: 'turn', turn: turn('hi', ['Hello!', 'How can I help?'], 'Greeting') });
    expect(
      log.entries.map((e) => [e.from, 'activity' in e && 'text' in e.activity ? e.activity.text : '']),
    ).toEqual([
      ['user', 'hi'],
      ['bot', 'Hello!'],
      ['bot', 'How can I help?'],
    ]);
    expect(log.pending).toBe(0);
    expect(log.recognitions).toEqual([{ utterance: 'hi', intent: 'Greeting', score: 0.9 }]);
    expect(new Set(log.entries.map((e) => e.id)).size).toBe(3);
  });

  test('a turn of a message sent elsewhere brings the message too; answers to waiting blocks are no recognitions', () => {
    const log = chatLogReducer(EMPTY_CHAT_LOG, { type: 'turn', turn: turn('Margherita', ['Which size?']) });
    expect(log.entries.map((e) => e.from)).toEqual(['user', 'bot']);
    expect(log.recognitions).toEqual([]);
    expect(log.details?.flowTriggered).toBeNull();
  });

  test('a refused message is said in the chat and no longer waits; reset empties it', () => {
    let log = chatLogReducer(EMPTY_CHAT_LOG, { type: 'sent', activity: { type: 'text', text: 'x' } });
    log = chatLogReducer(log, { type: 'problem', text: 'A message holds at most 4000 characters.' });
    expect(log.pending).toBe(0);
    expect(log.entries.at(-1)).toMatchObject({
      from: 'system',
      text: 'A message holds at most 4000 characters.',
    });
    expect(chatLogReducer(log, { type: 'reset' })).toBe(EMPTY_CHAT_LOG);
  });

  test('answers spaced by the in-between delay: the first shows with the turn, the others one by one', () => {
    let log = chatLogReducer(EMPTY_CHAT_LOG, { type: 'sent', activity: { type: 'text', text: 'hi' } });
    log = chatLogReducer(log, { type: 'turn', turn: turn('hi', ['One', 'Two', 'Three']), shown: 1 });
    const texts = () =>
      log.entries.map((e) => ('activity' in e && 'text' in e.activity ? e.activity.text : ''));
    expect(texts()).toEqual(['hi', 'One']);
    expect(log.answersToCome).toBe(2);
    log = chatLogReducer(log, { type: 'answer', activity: { type: 'text', text: 'Two' } });
    log = chatLogReducer(log, { type: 'answer', activity: { type: 'text', text: 'Three' } });
    expect(texts()).toEqual(['hi', 'One', 'Two', 'Three']);
    expect(log.answersToCome).toBe(0);
  });

  test('a turn the bot took on its own adds its answers, no user message, and keeps our pending one', () => {
    let log = chatLogReducer(EMPTY_CHAT_LOG, { type: 'sent', activity: { type: 'text', text: 'hi' } });
    const { said: _said, ...own } = turn('', ['Delivered.']);
    log = chatLogReducer(log, { type: 'turn', turn: own });
    expect(log.entries.map((e) => e.from)).toEqual(['user', 'bot']);
    expect(log.pending).toBe(1);
    expect(log.recognitions).toEqual([]);
  });

  test('a continued conversation shows what was said before, then a note', () => {
    const log = chatLogReducer(EMPTY_CHAT_LOG, {
      type: 'history',
      isContinued: true,
      entries: [
        { from: 'user', activity: { type: 'text', text: 'order' } },
        { from: 'bot', activity: { type: 'text', text: 'Which pizza?' } },
      ],
    });
    expect(log.entries.map((e) => e.from)).toEqual(['user', 'bot', 'system']);
    expect(log.entries[2]).toMatchObject({ text: CONTINUED_NOTE });
  });
});
