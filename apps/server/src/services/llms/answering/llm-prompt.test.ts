import { describe, expect, it } from 'vitest';
import { buildPrompt, PASSAGE_RULES, type PromptSettings } from './llm-prompt';

const settings: PromptSettings = {
  persona: 'You are the help desk of Acme.',
  generalInstructions: 'Be brief.',
  formatInstructions: 'Use plain sentences.',
  historyInstructions: 'Keep to the topic of the conversation.',
  output: 'text',
  outputSchema: '',
};
/** One token per word: enough to see what the budget keeps. */
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const passage = (name: string, text: string, page?: number) => ({
  documentName: name,
  text,
  headingPath: [],
  page,
});

describe('the prompt of an answer', () => {
  it('holds the persona, the instructions and the passages with their sources, best first', () => {
    const prompt = buildPrompt({
      settings,
      passages: [passage('handbook.pdf', 'Leave is 25 days.', 3), passage('faq.txt', 'Parking is free.')],
      message: 'How many days of leave?',
      history: [],
      contextWindow: 10_000,
      answerTokens: 100,
      countTokens: words,
    });
    expect(prompt.system).toContain('You are the help desk of Acme.');
    expect(prompt.system).toContain(PASSAGE_RULES);
    expect(prompt.system).toContain('[1] handbook.pdf, page 3\nLeave is 25 days.');
    expect(prompt.system).toContain('[2] faq.txt\nParking is free.');
    // History instructions only matter when there is a history.
    expect(prompt.system).not.toContain('Keep to the topic');
    expect(prompt.messages).toEqual([{ role: 'user', content: 'How many days of leave?' }]);
  });

  it('keeps passages within the context window after the instructions and the answer’s room', () => {
    const long = passage('big.txt', 'word '.repeat(500));
    const short = passage('small.txt', 'Leave is 25 days.');
    const prompt = buildPrompt({
      settings,
      passages: [long, short],
      message: 'leave?',
      history: [],
      contextWindow: 400,
      answerTokens: 100,
      countTokens: words,
    });
    expect(prompt.passages).toEqual([short]);
    expect(prompt.leftOut).toBe(1);
    expect(prompt.system).toContain('[1] small.txt');
  });

  it('counts nothing when the prompt’s bytes fit the window anyway', () => {
    let counted = 0;
    const prompt = buildPrompt({
      settings,
      passages: [passage('a.txt', 'Leave is 25 days.')],
      message: 'leave?',
      history: [],
      contextWindow: 128_000,
      answerTokens: 1024,
      countTokens: (text) => {
        counted++;
        return words(text);
      },
    });
    expect(prompt.passages).toHaveLength(1);
    expect(counted).toBe(0);
  });

  it('adds the exchange so far, newest kept, with the history instructions; JSON output names its schema', () => {
    const prompt = buildPrompt({
      settings: { ...settings, output: 'json', outputSchema: '{"type":"object"}' },
      passages: [],
      message: 'And in May?',
      history: [
        { role: 'user', content: 'Is the office open in April?' },
        { role: 'assistant', content: 'Yes.' },
      ],
      contextWindow: 10_000,
      answerTokens: 100,
      countTokens: words,
    });
    expect(prompt.messages.map((m) => m.content)).toEqual([
      'Is the office open in April?',
      'Yes.',
      'And in May?',
    ]);
    expect(prompt.system).toContain('Keep to the topic of the conversation.');
    expect(prompt.system).toContain('Answer with one JSON object and nothing else.');
    expect(prompt.system).toContain('{"type":"object"}');
  });
});
