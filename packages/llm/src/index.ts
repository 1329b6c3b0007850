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
} from './client.ts';
export { contextWindowOf, UNKNOWN_MODEL_CONTEXT_WINDOW } from './context-window.ts';
export {
  type CredentialProblem,
  credentialProblems,
  credentialsFromEnvironment,
  type ProviderCredentials,
  secretHint,
} from './credentials.ts';
export { LlmProviderError, type LlmProviderErrorKind } from './errors.ts';
export {
  type CredentialField,
  isLlmProviderId,
  LLM_PROVIDER_IDS,
  LLM_PROVIDERS,
  type LlmProviderId,
  type ProviderDeclaration,
  providerLabel,
} from './providers.ts';
export { countTokens } from './tokens.ts';
