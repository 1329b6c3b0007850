/** What the stand-in is asked: the chat completion request's parts that an answer function needs. */
export type StandInChatRequest = {
  model: string;
  system: string;
  messages: { role: string; content: string }[];
  json: boolean;
  stream: boolean;
};

/**
 * The stand-in's default answer: the sentence of the request's context that shares the most words
 * with the question, so an answer shows which passage reached the provider. The context is the system
 * prompt and earlier messages, else the last message's lines before its last one (passages, then the
 * question). Deterministic: the same request, the same answer.
 */
export function extractiveAnswer(request: StandInChatRequest): string {
  const last = [...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
  const earlier = [request.system, ...request.messages.slice(0, -1).map((message) => message.content)].join(
    '\n',
  );
  const lines = last.trim().split(/\n+/);
  const best =
    bestSentence(earlier, last) ??
    (lines.length > 1 ? bestSentence(lines.slice(0, -1).join('\n'), lines.at(-1) ?? '') : undefined);
  const text = best ?? `I have nothing about "${last.trim().slice(0, 200)}".`;
  return request.json ? JSON.stringify({ answer: text }) : text;
}

function bestSentence(context: string, question: string): string | undefined {
  const asked = new Set(wordsOf(question).filter((word) => word.length > 2));
  let best: string | undefined;
  let bestScore = 0;
  for (const sentence of context.split(/(?<=[.!?])\s+|\n+/)) {
    const words = new Set(wordsOf(sentence));
    let score = 0;
    for (const word of asked) if (words.has(word)) score++;
    if (score > bestScore) {
      best = sentence.trim();
      bestScore = score;
    }
  }
  return best;
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
