import type { LlmClient } from '@parley/llm';

/**
 * A 'judged' answer check: the tenant's language model says whether an answer gives the
 * expected answer's information (temperature 0, JSON). An answer it gives that cannot be read
 * counts as not passed, with a note.
 */
export type AnswerJudge = (
  question: string,
  expected: string,
  answer: string,
) => Promise<{ passed: boolean; note?: string }>;

const INSTRUCTIONS = [
  "You grade a chatbot's answer against the expected answer to a question.",
  'The answer passes when it gives the information of the expected answer and does not contradict it; wording may differ and it may say more.',
  'Answer with only a JSON object: {"passed": true} or {"passed": false}.',
].join(' ');

export function readAnswerJudgement(text: string): { passed: boolean; note?: string } {
  try {
    const parsed = JSON.parse(text.trim().replace(/^```(?:json)?\s*|\s*```$/g, '')) as { passed?: unknown };
    if (typeof parsed.passed === 'boolean') return { passed: parsed.passed };
  } catch {
    // Read below as unreadable.
  }
  return { passed: false, note: 'The judgement could not be read.' };
}

export function providerAnswerJudge(client: LlmClient, model: string): AnswerJudge {
  return async (question, expected, answer) => {
    const reply = await client.chat({
      model,
      system: INSTRUCTIONS,
      messages: [
        {
          role: 'user',
          content: `Question:\n${question}\n\nExpected answer:\n${expected}\n\nChatbot's answer:\n${answer}`,
        },
      ],
      temperature: 0,
      maxOutputTokens: 50,
      json: true,
    });
    return readAnswerJudgement(reply.text);
  };
}
