import { INACTIVITY_ACTIVITY } from '@parley/contracts';
import type { BlockData } from '@parley/flows';
import { describe, expect, test } from 'vitest';
import type { BotForTurn } from './run-turn';
import { compileFlow } from './runtime-flow';
import type { LlmTalkRequest, Recognition } from './runtime-services';
import { chatWith, saidIn } from './test-support/chat';
import { flowDocument, lineFlow, testBot } from './test-support/flows';

/** The LLM block and chit-chat against an LLM that answers 'LLM: <message>' and remembers what it was asked. */

const source = { documentName: 'handbook.txt', passage: 'Holidays: 25 days a year.' };

function fakeLlm(options: { fail?: boolean } = {}) {
  const asked: LlmTalkRequest[] = [];
  return {
    asked,
    llm: {
      async answer(request: LlmTalkRequest) {
        asked.push(structuredClone(request));
        if (options.fail) throw new Error('OpenAI refused: the key is not valid.');
        const ended = request.mayEnd === true && /bye/i.test(request.message);
        return { text: `LLM: ${request.message}`, sources: [source], ended };
      },
    },
  };
}

const recognize = (text: string): Recognition => {
  if (text.includes('order')) return { intent: 'Order', score: 0.95, entities: [] };
  if (text.includes('ask')) return { intent: 'Ask', score: 0.95, entities: [] };
  if (text.includes('maybe')) return { intent: 'Order', score: 0.5, entities: [] };
  return { intent: null, score: 0.05, entities: [] };
};

const llmTask = (data: BlockData) => ({
  task: 'HR helper',
  category: 'llm',
  data: { llmId: 'llm-1', ...data },
});
const order = lineFlow('Order', [{ task: 'message', data: { 'field-message': 'Your order flow.' } }]);

function botWith(llmData: BlockData, fake = fakeLlm(), after = 'Back in the flow.'): BotForTurn {
  const ask = lineFlow('Ask', [llmTask(llmData), { task: 'message', data: { 'field-message': after } }]);
  const bot = testBot([ask, order], recognize);
  return { ...bot, services: { ...bot.services, llm: fake.llm } };
}

describe('the LLM block', () => {
  test('answers the message that led to it, then each message with the talk so far, with sources', async () => {
    const fake = fakeLlm();
    const c = chatWith(botWith({ llmContext: 'The user is [Name].' }, fake));
    const first = await c.send('ask about holidays');
    expect(saidIn(first)).toEqual(['LLM: ask about holidays']);
    expect(first.activities[0]).toMatchObject({ sources: [source] });
    expect(saidIn(await c.send('and in the first year?'))).toEqual(['LLM: and in the first year?']);
    expect(fake.asked[1]).toMatchObject({
      llmId: 'llm-1',
      message: 'and in the first year?',
      history: [
        { role: 'user', content: 'ask about holidays' },
        { role: 'assistant', content: 'LLM: ask about holidays' },
      ],
    });
    // An unset variable leaves the context's place empty: no placeholder reaches the LLM.
    expect(fake.asked[0]?.context).toBe('The user is .');
  });

  test('a message that names another intent is the LLM’s to answer, unless the block exits on intents', async () => {
    const talking = chatWith(botWith({}));
    await talking.send('ask me');
    expect(saidIn(await talking.send('my order please'))).toEqual(['LLM: my order please']);

    const leaving = chatWith(botWith({ recognizerExit: true }));
    await leaving.send('ask me');
    // The exit is not drawn: the intent's flow starts, as it would outside the block.
    expect(saidIn(await leaving.send('my order please'))).toEqual(['Your order flow.']);
    // Unsure is not clear: the LLM answers.
    await leaving.send('ask me');
    expect(saidIn(await leaving.send('maybe something'))).toEqual(['LLM: maybe something']);
  });

  test('a drawn Recognised intent exit is followed', async () => {
    const flow = compileFlow(
      'Ask',
      flowDocument(
        [
          { id: 'Start', start: true },
          { id: 'Talk', ...llmTask({ recognizerExit: true }) },
          { id: 'Left', task: 'message', data: { 'field-message': 'You asked for something else.' } },
          { id: 'Done', task: 'message', data: { 'field-message': 'Done.' } },
          { id: 'End', end: { endFlow: true } },
        ],
        [
          { from: 'Start', to: 'Talk' },
          { from: 'Talk', to: 'Done' },
          { from: 'Talk', to: 'Left', data: { exit: 'recognized-intent' } },
          { from: 'Left', to: 'End' },
          { from: 'Done', to: 'End' },
        ],
      ),
      'en',
      { owner: 'intent', version: 1 },
    );
    const bot = testBot([flow, order], recognize);
    const c = chatWith({ ...bot, services: { ...bot.services, llm: fakeLlm().llm } });
    await c.send('ask');
    const left = await c.send('my order');
    expect(saidIn(left)).toEqual(['You asked for something else.']);
    expect(left.trace.recognition?.intent).toBe('Order');
  });

  test('leaves after maxMessages answers, when the LLM ends the talk, and at once with 0', async () => {
    const two = chatWith(botWith({ maxMessages: 2 }));
    expect(saidIn(await two.send('ask one'))).toEqual(['LLM: ask one']);
    expect(saidIn(await two.send('two'))).toEqual(['LLM: two', 'Back in the flow.']);
    expect(two.state.waiting).toBeNull();

    const auto = chatWith(botWith({ autoExit: true }));
    await auto.send('ask');
    expect(saidIn(await auto.send('thanks, bye'))).toEqual(['LLM: thanks, bye', 'Back in the flow.']);

    const once = chatWith(botWith({ maxMessages: 0 }));
    expect(saidIn(await once.send('ask once'))).toEqual(['LLM: ask once', 'Back in the flow.']);
  });

  test('its input is asked first; the language settings reach the LLM', async () => {
    const fake = fakeLlm();
    const c = chatWith(
      botWith({ llmInput: 'Greet the user', languageDetect: true, requiredLanguage: 'German' }, fake),
    );
    expect(saidIn(await c.send('ask'))).toEqual(['LLM: Greet the user']);
    expect(fake.asked[0]?.language).toEqual({ matchUser: true, required: 'German' });
  });

  test('asks for an inactivity turn, which leaves by the Inactivity exit', async () => {
    const c = chatWith(botWith({ exitInactivity: true }, fakeLlm(), 'Are you still there? Bye.'));
    const first = await c.send('ask');
    expect(first.inactivityAfterMs).toBe(5 * 60_000);
    expect(saidIn(await c.send(INACTIVITY_ACTIVITY))).toEqual(['Are you still there? Bye.']);
    // Without the flag no inactivity turn is asked for.
    const plain = await chatWith(botWith({})).send('ask');
    expect(plain.inactivityAfterMs).toBeUndefined();
  });

  test('a provider failure ends the turn with the error; the block names no LLM: an error too', async () => {
    const failing = await chatWith(botWith({}, fakeLlm({ fail: true }))).send('ask');
    expect(failing.trace.error).toContain('OpenAI refused');
    const unnamed = await chatWith(botWith({ llmId: '' })).send('ask');
    expect(unnamed.trace.error).toBe('The LLM block names no LLM: choose one in the block.');
    // A server without the LLM area says so.
    const bot = botWith({});
    const { llm: _none, ...services } = bot.services;
    const without = await chatWith({ ...bot, services }).send('ask');
    expect(without.trace.error).toBe('This server cannot run LLM blocks: the LLM area is not available.');
  });
});

describe('chit-chat below the low threshold', () => {
  const chitChatBot = (fake = fakeLlm(), limit = 2): BotForTurn => {
    const bot = testBot([order], recognize);
    return { ...bot, chitChat: { llmId: 'small-talk', limit }, services: { ...bot.services, llm: fake.llm } };
  };

  test('answers up to the limit in a row, then the below-threshold message, then again', async () => {
    const fake = fakeLlm();
    const c = chatWith(chitChatBot(fake));
    expect(saidIn(await c.send('how are you?'))).toEqual(['LLM: how are you?']);
    expect(saidIn(await c.send('nice weather'))).toEqual(['LLM: nice weather']);
    expect(saidIn(await c.send('tell me a joke'))).toEqual(['Sorry, I did not understand.']);
    expect(saidIn(await c.send('another one'))).toEqual(['LLM: another one']);
    expect(fake.asked.map((r) => r.llmId)).toEqual(['small-talk', 'small-talk', 'small-talk']);
  });

  test('an understood message ends the row; between the thresholds is no chit-chat', async () => {
    const c = chatWith(chitChatBot(fakeLlm(), 1));
    await c.send('hello there');
    expect(saidIn(await c.send('my order'))).toEqual(['Your order flow.']);
    expect(saidIn(await c.send('hello again'))).toEqual(['LLM: hello again']);
    expect(saidIn(await c.send('maybe'))).toEqual(['Did you mean something else?']);
  });

  test('a failing provider leaves the below-threshold message, with the failure in the details', async () => {
    const result = await chatWith(chitChatBot(fakeLlm({ fail: true }))).send('hi');
    expect(saidIn(result)).toEqual(['Sorry, I did not understand.']);
    expect(result.trace.error).toBeNull();
    expect(result.trace.warnings).toEqual([expect.stringContaining('OpenAI refused')]);
  });
});
