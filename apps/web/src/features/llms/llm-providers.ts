import type { LlmProviderName, LlmProviderReadiness } from '@parley/contracts';

/** A line under each provider in the create dialog's provider step (the server sends label and readiness). */
export const PROVIDER_DESCRIPTIONS: Record<LlmProviderName, string> = {
  openai: 'GPT models through the OpenAI API.',
  'azure-openai': 'OpenAI models deployed in your Azure resource.',
  anthropic: 'Claude models through the Anthropic API.',
  google: 'Gemini models through the Google AI API.',
  bedrock: 'Claude, Nova, Llama and Mistral models in your AWS account.',
  'openai-compatible': 'Ollama, vLLM, LM Studio or a llama.cpp server at your own address.',
};

/** What the screens know of the providers: GET /api/llm/providers, read by id. */
export interface Providers {
  list: readonly LlmProviderReadiness[];
  /** The provider's label; its id until the answer is there. */
  label(provider: string): string;
  of(provider: string): LlmProviderReadiness | undefined;
}

export function providersFrom(list: readonly LlmProviderReadiness[] = []): Providers {
  const of = (provider: string) => list.find((entry) => entry.provider === provider);
  return { list, of, label: (provider) => of(provider)?.label ?? provider };
}
