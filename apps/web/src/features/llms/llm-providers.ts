import { LLM_PROVIDER_IDS, type LlmProviderName } from '@parley/contracts';

/**
 * What the screens show of each provider until the providers' own call (labels, readiness, model
 * lists from @parley/llm's declaration) is on main: the label and the model names of spec 04
 * section 9 where the provider has no list to ask.
 */
const SPEC_CHAT_MODELS = [
  'gpt-4.1',
  'gpt-4.1-nano',
  'gpt-4',
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4-turbo',
  'gpt-3.5-turbo',
  'o3',
];
const SPEC_EMBEDDING_MODELS = ['text-embedding-ada-002', 'text-embedding-3-small', 'text-embedding-3-large'];

export interface ProviderChoice {
  id: LlmProviderName;
  label: string;
  description: string;
  models: readonly string[];
  embeddingModels: readonly string[];
  /** Whether the tenant or the installation has credentials for it; undefined: not known. */
  isReady?: boolean;
}

const PROVIDERS: Record<LlmProviderName, Omit<ProviderChoice, 'id'>> = {
  openai: {
    label: 'OpenAI',
    description: 'GPT models through the OpenAI API.',
    models: SPEC_CHAT_MODELS,
    embeddingModels: SPEC_EMBEDDING_MODELS,
  },
  'azure-openai': {
    label: 'Azure OpenAI',
    description: 'OpenAI models deployed in your Azure resource.',
    models: SPEC_CHAT_MODELS,
    embeddingModels: SPEC_EMBEDDING_MODELS,
  },
  anthropic: {
    label: 'Anthropic',
    description: 'Claude models through the Anthropic API.',
    models: ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1', 'claude-3-5-haiku-latest'],
    embeddingModels: [],
  },
  google: {
    label: 'Google',
    description: 'Gemini models through the Google AI API.',
    models: ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.0-flash'],
    embeddingModels: ['gemini-embedding-001', 'text-embedding-004'],
  },
  bedrock: {
    label: 'Amazon Bedrock',
    description: 'Claude, Nova, Llama and Mistral models in your AWS account.',
    models: [
      'anthropic.claude-3-5-sonnet-20240620-v1:0',
      'anthropic.claude-3-haiku-20240307-v1:0',
      'amazon.nova-pro-v1:0',
      'amazon.nova-lite-v1:0',
      'meta.llama3-70b-instruct-v1:0',
      'mistral.mistral-large-2402-v1:0',
    ],
    embeddingModels: ['amazon.titan-embed-text-v2:0', 'cohere.embed-multilingual-v3'],
  },
  'openai-compatible': {
    label: 'OpenAI-compatible server',
    description: 'Ollama, vLLM, LM Studio or a llama.cpp server at your own address.',
    models: [],
    embeddingModels: [],
  },
};

export const PROVIDER_CHOICES: readonly ProviderChoice[] = LLM_PROVIDER_IDS.map((id) => ({
  id,
  ...PROVIDERS[id],
}));

export const providerChoice = (provider: string): ProviderChoice | undefined =>
  PROVIDER_CHOICES.find((choice) => choice.id === provider);

export const providerLabel = (provider: string): string => providerChoice(provider)?.label ?? provider;
