import type { LlmAnswerSource } from '@parley/contracts';

/** A recognizer's answer for one text: the best intent with its score, and the entities found. */
export interface Recognition {
  intent: string | null;
  score: number;
  entities: RecognizedEntity[];
  /** Every intent with its score, best first (the test chat's details). */
  intents?: Array<{ intent: string; score: number }>;
}

export interface RecognizedEntity {
  entity: string;
  text: string;
  /** The canonical form of a closed-list entity, the parsed value of a prebuilt one. */
  value: unknown;
}

/**
 * What the runtime needs from outside itself. The server gives it the bot's published (or test)
 * NLU model; tests give fixed answers.
 */
export interface RuntimeServices {
  recognize(text: string): Promise<Recognition>;
  /** Sends an e-mail through the platform's mailer (SMTP, or the outbox). */
  sendMail(mail: { to: string; subject: string; text: string }): Promise<void>;
  /** The conversation so far as text, for Send Conversation History. */
  conversationHistory(): Promise<string>;
  /** The tenant's LLMs: LLM blocks and chit-chat. Absent where none can answer (no LLM area). */
  llm?: LlmTalk;
}

/** One message of a talk with an LLM, oldest first. */
export interface LlmTalkMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** What an LLM block (or chit-chat) asks of the bot's LLM. */
export interface LlmTalkRequest {
  /** The tenant's LLM: its id (the block's llmId, the bot's chitChatModel). */
  llmId: string;
  /** The user's message to answer. */
  message: string;
  /** The talk so far inside the block, oldest first. */
  history: LlmTalkMessage[];
  /** The block's context, [variables] filled in: added to the LLM's instructions. */
  context?: string;
  /** The LLM may end the talk (the block's autoExit): its answer then says `ended`. */
  mayEnd?: boolean;
  /** Answer in the user's language (languageDetect), or always in this one (requiredLanguage). */
  language?: { matchUser: boolean; required?: string };
}

export interface LlmTalkAnswer {
  /** What the user is told: the answer, or the LLM's guardrails message when a check failed. */
  text: string;
  sources: LlmAnswerSource[];
  /** The LLM ended the talk (only when the request allowed it). */
  ended: boolean;
  /** The text in sentences, each its own message (the bot splits LLM replies); the sources go with the last. */
  parts?: string[];
}

/**
 * The bot's LLMs, when the server has them (the LLM area). A provider that fails or times out
 * throws: the turn ends with the error and the user gets the unexpected-error message.
 */
export interface LlmTalk {
  answer(request: LlmTalkRequest): Promise<LlmTalkAnswer>;
}
