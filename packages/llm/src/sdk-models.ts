import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createAzure } from '@ai-sdk/azure';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModel, LanguageModel } from 'ai';
import type { ProviderCredentials } from './credentials.ts';

type FetchFunction = typeof globalThis.fetch;

/**
 * The SDK's models for a provider's credentials. Every value is passed explicitly: an SDK left to
 * find its key itself would read the installation's environment and a tenant's incomplete
 * credentials would quietly spend the operator's account.
 */
export type SdkModels = {
  chat(model: string): LanguageModel;
  /** Undefined when the provider has no embedding models (Anthropic). */
  embedding: ((model: string) => EmbeddingModel) | undefined;
};

export function sdkModelsFor(credentials: ProviderCredentials, fetch?: FetchFunction): SdkModels {
  const f = credentials.fields;
  const common = fetch ? { fetch } : {};
  switch (credentials.provider) {
    case 'openai': {
      const sdk = createOpenAI({
        apiKey: f.apiKey ?? '',
        ...(f.baseUrl ? { baseURL: f.baseUrl } : { baseURL: 'https://api.openai.com/v1' }),
        ...common,
      });
      // Chat Completions: the protocol every OpenAI-compatible server (and the local stand-in) speaks.
      return { chat: (model) => sdk.chat(model), embedding: (model) => sdk.embedding(model) };
    }
    case 'azure-openai': {
      const sdk = createAzure({ apiKey: f.apiKey ?? '', resourceName: f.resourceName ?? '', ...common });
      return { chat: (model) => sdk.chat(model), embedding: (model) => sdk.embedding(model) };
    }
    case 'anthropic': {
      const sdk = createAnthropic({
        apiKey: f.apiKey ?? '',
        baseURL: f.baseUrl || 'https://api.anthropic.com/v1',
        ...common,
      });
      return { chat: (model) => sdk.languageModel(model), embedding: undefined };
    }
    case 'google': {
      const sdk = createGoogleGenerativeAI({ apiKey: f.apiKey ?? '', ...common });
      return { chat: (model) => sdk.languageModel(model), embedding: (model) => sdk.embedding(model) };
    }
    case 'bedrock': {
      const sdk = createAmazonBedrock({
        region: f.region ?? '',
        accessKeyId: f.accessKeyId ?? '',
        secretAccessKey: f.secretAccessKey ?? '',
        ...(f.sessionToken ? { sessionToken: f.sessionToken } : {}),
        ...common,
      });
      return { chat: (model) => sdk.languageModel(model), embedding: (model) => sdk.embedding(model) };
    }
    case 'openai-compatible': {
      const sdk = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: f.baseUrl ?? '',
        ...(f.apiKey ? { apiKey: f.apiKey } : {}),
        includeUsage: true,
        ...common,
      });
      return { chat: (model) => sdk.chatModel(model), embedding: (model) => sdk.embeddingModel(model) };
    }
  }
}
