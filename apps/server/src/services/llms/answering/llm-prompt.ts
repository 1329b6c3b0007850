/**
 * The prompt of an LLM's answer (issue 23): the persona and general instructions, how to use the
 * passages, the format and history instructions and, for JSON output, the schema; then the passages
 * in rank order, as many as fit the model's context window after the instructions, the exchange so
 * far and the room kept for the answer. A pure function: the caller gives the token counter.
 */
export interface PromptPassage {
  documentName: string;
  text: string;
  headingPath: readonly string[];
  page?: number | undefined;
  slide?: number | undefined;
  url?: string | undefined;
}

export interface PromptSettings {
  persona: string;
  generalInstructions: string;
  formatInstructions: string;
  historyInstructions: string;
  output: 'text' | 'json';
  outputSchema: string;
}

export interface PromptInput<P extends PromptPassage> {
  settings: PromptSettings;
  /** Best first. */
  passages: readonly P[];
  message: string;
  history: readonly { role: 'user' | 'assistant'; content: string }[];
  contextWindow: number;
  /** Tokens kept for the answer. */
  answerTokens: number;
  countTokens: (text: string) => number;
}

export interface BuiltPrompt<P extends PromptPassage> {
  system: string;
  messages: { role: 'user' | 'assistant'; content: string }[];
  /** The passages the prompt holds, best first. */
  passages: P[];
  /** Passages left out because the context window was full. */
  leftOut: number;
}

/** Tokens a chat request adds around its messages (roles, separators): a safe margin. */
export const FRAMING_TOKENS = 64;

export const PASSAGE_RULES =
  'Answer the question from the passages of the documents below. If they do not hold the answer, say that you do not know; do not make one up.';

export function passageLabel(passage: PromptPassage): string {
  const place = [
    passage.page === undefined ? undefined : `page ${passage.page}`,
    passage.slide === undefined ? undefined : `slide ${passage.slide}`,
    passage.url,
    passage.headingPath.length > 0 ? passage.headingPath.join(' > ') : undefined,
  ].filter((part): part is string => !!part);
  return [passage.documentName, ...place].join(', ');
}

/** The fixed part of the prompt: what the Prompt and Instructions tabs edit (see prompt-size). */
export function instructions(settings: PromptSettings, hasHistory: boolean): string {
  const json =
    settings.output === 'json'
      ? [
          'Answer with one JSON object and nothing else.',
          settings.outputSchema.trim()
            ? `It must be valid against this JSON Schema:\n${settings.outputSchema.trim()}`
            : '',
        ]
      : [];
  return [
    settings.persona.trim(),
    settings.generalInstructions.trim(),
    PASSAGE_RULES,
    settings.formatInstructions.trim(),
    ...json,
    hasHistory ? settings.historyInstructions.trim() : '',
  ]
    .filter((part) => part.length > 0)
    .join('\n\n');
}

/**
 * A token is at least one byte of UTF-8, so a text has at most as many tokens as bytes: when the
 * whole prompt's bytes fit the window, nothing needs counting (counting 8 KB costs ~6 ms of CPU).
 */
const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

export function buildPrompt<P extends PromptPassage>(input: PromptInput<P>): BuiltPrompt<P> {
  const everything = [
    instructions(input.settings, input.history.length > 0),
    input.message,
    ...input.history.map((turn) => turn.content),
    ...input.passages.map((passage) => `[00] ${passageLabel(passage)}\n${passage.text}`),
  ];
  const bound = everything.reduce((sum, text) => sum + bytesOf(text) + 4, 0) + 32;
  const fitsAnyway = bound <= input.contextWindow - input.answerTokens - FRAMING_TOKENS;
  const countTokens = fitsAnyway ? bytesOf : input.countTokens;
  const head = instructions(input.settings, input.history.length > 0);
  let budget =
    input.contextWindow -
    input.answerTokens -
    FRAMING_TOKENS -
    countTokens(head) -
    countTokens(input.message);
  // The exchange so far, newest first, up to a quarter of what is left: passages matter more.
  const history: { role: 'user' | 'assistant'; content: string }[] = [];
  let historyBudget = Math.max(0, Math.floor(budget / 4));
  for (const turn of [...input.history].reverse()) {
    const tokens = countTokens(turn.content) + 4;
    if (tokens > historyBudget) break;
    history.unshift({ role: turn.role, content: turn.content });
    historyBudget -= tokens;
    budget -= tokens;
  }
  const kept: P[] = [];
  const blocks: string[] = [];
  for (const passage of input.passages) {
    const block = `[${kept.length + 1}] ${passageLabel(passage)}\n${passage.text}`;
    const tokens = countTokens(block) + 2;
    if (tokens > budget) continue;
    kept.push(passage);
    blocks.push(block);
    budget -= tokens;
  }
  const system = blocks.length > 0 ? `${head}\n\nPassages:\n\n${blocks.join('\n\n')}` : head;
  return {
    system,
    messages: [...history, { role: 'user', content: input.message }],
    passages: kept,
    leftOut: input.passages.length - kept.length,
  };
}
