import type { LlmProviderName } from '@parley/contracts';

/**
 * The LLM providers Parley speaks to, declared once: every list (the create dialog's provider step,
 * Account Administration's credential forms, the environment table, the model lists) is derived from
 * this declaration.
 */

/** One credential a provider needs. `secret` fields are sealed at rest and never read back. */
export type CredentialField = {
  readonly name: string;
  readonly label: string;
  readonly secret: boolean;
  readonly required: boolean;
  /** The SDK's own environment variable giving the whole installation this credential (none: tenants only). */
  readonly env?: string;
};

export type ProviderDeclaration = {
  readonly label: string;
  readonly fields: readonly CredentialField[];
  /**
   * Offered when the provider cannot list its models (spec 04 section 9's enumerations, or the
   * provider's well-known ids where the spec names none).
   */
  readonly models: readonly string[];
  readonly embeddingModels: readonly string[];
  /** Whether the provider answers a model list over its API (the create dialog and Settings use it). */
  readonly listsModels: boolean;
};

/** Spec 04 section 9: "Supported model enumerations seen elsewhere". */
const SPEC_CHAT_MODELS = [
  'gpt-4.1',
  'gpt-4.1-nano',
  'gpt-4',
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4-turbo',
  'gpt-3.5-turbo',
  'o3',
] as const;
const SPEC_EMBEDDING_MODELS = [
  'text-embedding-ada-002',
  'text-embedding-3-small',
  'text-embedding-3-large',
] as const;

const apiKey = (env: string | undefined, required = true): CredentialField => ({
  name: 'apiKey',
  label: 'API key',
  secret: true,
  required,
  ...(env ? { env } : {}),
});
const baseUrl = (env: string | undefined, required = false): CredentialField => ({
  name: 'baseUrl',
  label: 'Base URL',
  secret: false,
  required,
  ...(env ? { env } : {}),
});

export const LLM_PROVIDERS = {
  openai: {
    label: 'OpenAI',
    fields: [apiKey('OPENAI_API_KEY'), baseUrl('OPENAI_BASE_URL')],
    models: SPEC_CHAT_MODELS,
    embeddingModels: SPEC_EMBEDDING_MODELS,
    listsModels: true,
  },
  'azure-openai': {
    label: 'Azure OpenAI',
    fields: [
      apiKey('AZURE_OPENAI_API_KEY'),
      {
        name: 'resourceName',
        label: 'Resource name',
        secret: false,
        required: true,
        env: 'AZURE_OPENAI_RESOURCE_NAME',
      },
    ],
    // Azure serves deployments the customer named; the spec's names are the usual ones.
    models: SPEC_CHAT_MODELS,
    embeddingModels: SPEC_EMBEDDING_MODELS,
    listsModels: true,
  },
  anthropic: {
    label: 'Anthropic',
    fields: [apiKey('ANTHROPIC_API_KEY'), baseUrl('ANTHROPIC_BASE_URL')],
    models: ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1', 'claude-3-5-haiku-latest'],
    embeddingModels: [],
    listsModels: true,
  },
  google: {
    label: 'Google',
    fields: [apiKey('GOOGLE_GENERATIVE_AI_API_KEY')],
    models: ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.0-flash'],
    embeddingModels: ['gemini-embedding-001', 'text-embedding-004'],
    listsModels: true,
  },
  bedrock: {
    label: 'Amazon Bedrock',
    fields: [
      { name: 'region', label: 'Region', secret: false, required: true, env: 'AWS_REGION' },
      { name: 'accessKeyId', label: 'Access key id', secret: true, required: true, env: 'AWS_ACCESS_KEY_ID' },
      {
        name: 'secretAccessKey',
        label: 'Secret access key',
        secret: true,
        required: true,
        env: 'AWS_SECRET_ACCESS_KEY',
      },
      {
        name: 'sessionToken',
        label: 'Session token',
        secret: true,
        required: false,
        env: 'AWS_SESSION_TOKEN',
      },
    ],
    models: [
      'anthropic.claude-3-5-sonnet-20240620-v1:0',
      'anthropic.claude-3-haiku-20240307-v1:0',
      'amazon.nova-pro-v1:0',
      'amazon.nova-lite-v1:0',
      'meta.llama3-70b-instruct-v1:0',
      'mistral.mistral-large-2402-v1:0',
    ],
    embeddingModels: ['amazon.titan-embed-text-v2:0', 'cohere.embed-multilingual-v3'],
    listsModels: false,
  },
  'openai-compatible': {
    label: 'OpenAI-compatible server',
    // Ollama, vLLM, LM Studio, llama.cpp server: the SDK reads no environment variable for these.
    fields: [baseUrl(undefined, true), apiKey(undefined, false)],
    models: [],
    embeddingModels: [],
    listsModels: true,
  },
} as const satisfies Record<string, ProviderDeclaration>;

export type LlmProviderId = keyof typeof LLM_PROVIDERS;

/** The ids @parley/contracts validates and stores are exactly the ones declared here. */
type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameIdsAsContracts: SameSet<LlmProviderId, LlmProviderName> = true;
void sameIdsAsContracts;

export const LLM_PROVIDER_IDS = Object.keys(LLM_PROVIDERS) as LlmProviderId[];

export function isLlmProviderId(value: unknown): value is LlmProviderId {
  return typeof value === 'string' && Object.hasOwn(LLM_PROVIDERS, value);
}

export function providerLabel(provider: LlmProviderId): string {
  return LLM_PROVIDERS[provider].label;
}
