import type { LlmClient } from '@parley/llm';

/**
 * Conditions in plain language are judged by the tenant's language model: one request for all
 * of a text's conditions, at temperature 0, asking for JSON that names the numbers of the
 * conditions the text breaks. An answer that cannot be read counts as a failure: a guardrail
 * that cannot be checked does not let the text through.
 */
export type GuardrailJudge = (text: string, conditions: readonly string[]) => Promise<JudgeVerdict>;

export type JudgeVerdict = { broken: number[] } | { unreadable: string };

const JUDGE_INSTRUCTIONS = [
  "You check a chatbot's text against the conditions an organisation set for it.",
  'Decide for each numbered condition whether the text keeps to it.',
  'Answer with only a JSON object: {"broken": [the numbers of the conditions the text does not keep to]}.',
  'When the text keeps to every condition, answer {"broken": []}.',
].join(' ');

export function judgePrompt(text: string, conditions: readonly string[]) {
  const list = conditions.map((condition, i) => `${i + 1}. ${condition}`).join('\n');
  return {
    system: JUDGE_INSTRUCTIONS,
    user: `Conditions:\n${list}\n\nText:\n"""\n${text}\n"""`,
  };
}

export function readJudgeAnswer(answer: string, count: number): JudgeVerdict {
  const body = answer.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  try {
    const parsed = JSON.parse(body) as { broken?: unknown };
    if (!Array.isArray(parsed.broken)) return { unreadable: 'no "broken" list' };
    const broken = parsed.broken.filter(
      (n): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= count,
    );
    return { broken };
  } catch {
    return { unreadable: 'not JSON' };
  }
}

export function providerJudge(client: LlmClient, model: string, signal?: AbortSignal): GuardrailJudge {
  return async (text, conditions) => {
    const prompt = judgePrompt(text, conditions);
    const answer = await client.chat({
      model,
      system: prompt.system,
      messages: [{ role: 'user', content: prompt.user }],
      temperature: 0,
      maxOutputTokens: 200,
      json: true,
      ...(signal ? { signal } : {}),
    });
    return readJudgeAnswer(answer.text, conditions.length);
  };
}
