export type { Attempt, RetryPolicy } from './attempts.ts';
export {
  type ChatAnswer,
  type ChatMessage,
  type ChatRequest,
  type ChatStream,
  createLlmClient,
  DEFAULT_RETRY_POLICY,
  type LlmClient,
  type LlmClientOptions,
  type TokenUsage,
  verifyLlmClient,
} from './client.ts';
export { contextWindowOf, UNKNOWN_MODEL_CONTEXT_WINDOW } from './context-window.ts';
export * from './declaration.ts';
export { countTokens } from './tokens.ts';
