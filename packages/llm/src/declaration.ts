/** The providers' declaration and credentials without the SDKs (configuration, lists, forms). */
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
