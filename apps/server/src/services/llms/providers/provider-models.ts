import { LLM_PROVIDERS, type LlmClient, LlmProviderError, type LlmProviderId } from '@parley/llm';

export type ProviderModels = {
  models: string[];
  embeddingModels: string[];
  modelsFromProvider: boolean;
  notice?: string;
};

/** Model lists are asked of the provider at most once in this time per tenant and provider. */
const LIST_TTL_MS = 5 * 60_000;
/** Only the first few hundred ids: a list is for picking, and a hostile server could send millions. */
const MAX_MODELS = 500;

/** Lists kept at most, across tenants: beyond it the old ones go. */
const MAX_CACHED_LISTS = 2000;

const cache = new Map<string, { at: number; models: ProviderModels }>();

/** Ids that are not chat models: speech, images, moderation, search. */
const NOT_CHAT =
  /embed|whisper|tts|dall-e|audio|realtime|transcribe|moderation|image|search|davinci|babbage|sora|rerank/i;
const EMBEDDING = /embed/i;

/**
 * The models the Settings tab offers: the provider's own list where it has one (chat and embedding
 * models told apart by their ids), else the declared enumeration (spec 04 section 9). A provider
 * that refuses or cannot be reached gives the enumeration with a notice saying why.
 */
export async function modelsOf(client: LlmClient | null, cacheKey: string): Promise<ProviderModels> {
  const provider: LlmProviderId | undefined = client?.provider;
  if (!client || !provider) return { models: [], embeddingModels: [], modelsFromProvider: false };
  const declared = declaredModels(provider);
  if (!LLM_PROVIDERS[provider].listsModels) return declared;
  const hit = cache.get(cacheKey);
  if (hit && Date.now() - hit.at < LIST_TTL_MS) return hit.models;
  let models: ProviderModels;
  try {
    const ids = ((await client.listModels()) ?? []).slice(0, MAX_MODELS);
    const chat = ids.filter((id) => !NOT_CHAT.test(id));
    const embeddings = ids.filter((id) => EMBEDDING.test(id));
    models = {
      models: chat.length > 0 ? chat : declared.models,
      embeddingModels: embeddings.length > 0 ? embeddings : declared.embeddingModels,
      modelsFromProvider: chat.length > 0,
    };
  } catch (error) {
    if (!(error instanceof LlmProviderError)) throw error;
    // A failed list is not kept: the next look asks again.
    return { ...declared, notice: error.message };
  }
  if (cache.size >= MAX_CACHED_LISTS) {
    for (const [key, entry] of cache) if (Date.now() - entry.at >= LIST_TTL_MS) cache.delete(key);
    if (cache.size >= MAX_CACHED_LISTS) cache.clear();
  }
  cache.set(cacheKey, { at: Date.now(), models });
  return models;
}

function declaredModels(provider: LlmProviderId): ProviderModels {
  const declaration = LLM_PROVIDERS[provider];
  return {
    models: [...declaration.models],
    embeddingModels: [...declaration.embeddingModels],
    modelsFromProvider: false,
  };
}
