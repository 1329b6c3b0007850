import { embedMany, generateText, Output, streamText } from 'ai';
import { type Attempt, type RetryPolicy, withAttempts } from './attempts.ts';
import type { ProviderCredentials } from './credentials.ts';
import { LlmProviderError } from './errors.ts';
import { toProviderError } from './failure.ts';
import { fetchModelList } from './model-list.ts';
import { LLM_PROVIDERS, type LlmProviderId, providerLabel } from './providers.ts';
import { sdkModelsFor } from './sdk-models.ts';

export type ChatMessage = { role: 'user' | 'assistant'; content: string };

export type ChatRequest = {
  model: string;
  system?: string;
  messages: ChatMessage[];
  temperature?: number;
  maxOutputTokens?: number;
  /** Ask for a JSON object (the provider's JSON mode). */
  json?: boolean;
  signal?: AbortSignal;
};

export type TokenUsage = { inputTokens: number; outputTokens: number };

export type ChatAnswer = { text: string; usage: TokenUsage; model: string; finishReason: string };

/** Text deltas as they arrive; `result()` gives the whole answer with its usage once the stream ended. */
export interface ChatStream extends AsyncIterable<string> {
  result(): Promise<ChatAnswer>;
}

export interface LlmClient {
  readonly provider: LlmProviderId;
  chat(request: ChatRequest): Promise<ChatAnswer>;
  stream(request: ChatRequest): ChatStream;
  embed(texts: string[], model: string, signal?: AbortSignal): Promise<number[][]>;
  /** The provider's model ids, or undefined when it has no list Parley can read. */
  listModels(signal?: AbortSignal): Promise<string[] | undefined>;
}

export type LlmClientOptions = Partial<RetryPolicy> & {
  /** Replaces the global fetch (tests; a proxy). */
  fetch?: typeof globalThis.fetch;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  initialBackoffMs: 1000,
  maxRetryAfterMs: 30_000,
  timeoutMs: 60_000,
};

/** A client for one provider's credentials: chat, streaming, embeddings and the model list, with retries and time limits. */
export function createLlmClient(credentials: ProviderCredentials, options: LlmClientOptions = {}): LlmClient {
  const { fetch, ...policyOverrides } = options;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...policyOverrides };
  const provider = credentials.provider;
  const models = sdkModelsFor(credentials, fetch);

  const callSettings = (request: ChatRequest, attempt: Attempt) => ({
    model: models.chat(request.model),
    ...(request.system ? { system: request.system } : {}),
    messages: request.messages,
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.maxOutputTokens === undefined ? {} : { maxOutputTokens: request.maxOutputTokens }),
    ...(request.json ? { output: Output.json() } : {}),
    // Retries are ours (withAttempts): one policy for every call, and a stream is retried only before its first text.
    maxRetries: 0,
    abortSignal: attempt.signal,
  });

  return {
    provider,

    chat(request) {
      return withAttempts(provider, policy, request.signal, async (attempt) => {
        const result = await generateText(callSettings(request, attempt));
        return {
          text: result.text,
          usage: usageOf(result.totalUsage),
          model: result.response.modelId || request.model,
          finishReason: result.finishReason,
        };
      });
    },

    stream(request) {
      // Errors arrive as the full stream's error parts; the SDK's default onError would also log them.
      return startStream(provider, policy, request, (attempt) =>
        streamText({ ...callSettings(request, attempt), onError: () => undefined }),
      );
    },

    async embed(texts, model, signal) {
      const embedding = models.embedding;
      if (!embedding)
        throw new LlmProviderError(
          provider,
          'refused',
          `${providerLabel(provider)} has no embedding models.`,
        );
      if (texts.length === 0) return [];
      return withAttempts(provider, policy, signal, async (attempt) => {
        const result = await embedMany({
          model: embedding(model),
          values: texts,
          maxRetries: 0,
          abortSignal: attempt.signal,
        });
        if (result.embeddings.length !== texts.length)
          throw new LlmProviderError(
            provider,
            'malformed',
            `${providerLabel(provider)} answered ${result.embeddings.length} embeddings for ${texts.length} texts.`,
          );
        return result.embeddings;
      });
    },

    listModels(signal) {
      return withAttempts(provider, policy, signal, (attempt) =>
        fetchModelList(credentials, attempt.signal, fetch ?? globalThis.fetch),
      );
    },
  };
}

function usageOf(
  usage: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined,
): TokenUsage {
  return { inputTokens: usage?.inputTokens ?? 0, outputTokens: usage?.outputTokens ?? 0 };
}

type StreamStart = ReturnType<typeof streamText>;

/**
 * Pulls the SDK's full stream through withAttempts: the first text delta ends the retryable part (until
 * then a 429 or 5xx is retried unseen by the reader); each part restarts the time limit, so a slow first
 * token and a stalled stream both end as timeouts; an error part or a cut connection ends as dropped.
 */
function startStream(
  provider: LlmProviderId,
  policy: RetryPolicy,
  request: ChatRequest,
  start: (attempt: Attempt) => StreamStart,
): ChatStream {
  const deltas: string[] = [];
  let wake: (() => void) | undefined;
  let finished = false;
  let failure: unknown;
  let answer: ChatAnswer | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };

  const done = withAttempts(provider, policy, request.signal, async (attempt) => {
    const result = start(attempt);
    let text = '';
    let finishReason: string | undefined;
    let usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
    let model = request.model;
    for await (const part of result.fullStream) {
      attempt.touch();
      if (part.type === 'text-delta' && part.text) {
        attempt.delivered();
        text += part.text;
        deltas.push(part.text);
        notify();
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'abort') {
        throw attempt.signal.reason ?? new DOMException('aborted', 'AbortError');
      } else if (part.type === 'finish-step') {
        if (part.response.modelId) model = part.response.modelId;
      } else if (part.type === 'finish') {
        finishReason = part.finishReason;
        usage = usageOf(part.totalUsage);
      }
    }
    if (finishReason === undefined || finishReason === 'error' || finishReason === 'other') {
      // The SDK ends a stream cut without its closing event as a finish of reason 'other'/'error'.
      throw new LlmProviderError(
        provider,
        'dropped',
        `${providerLabel(provider)} broke off its answer before the end.`,
      );
    }
    return { text, usage, model, finishReason };
  }).then(
    (value) => {
      answer = value;
      finished = true;
      notify();
      return value;
    },
    (error: unknown) => {
      failure =
        error instanceof LlmProviderError || request.signal?.aborted
          ? error
          : toProviderError(provider, error);
      finished = true;
      notify();
      throw failure;
    },
  );
  // A reader that stops early never awaits `done`: its failure must not be an unhandled rejection.
  done.catch(() => undefined);

  return {
    async *[Symbol.asyncIterator]() {
      let index = 0;
      while (true) {
        if (index < deltas.length) {
          yield deltas[index++] as string;
          continue;
        }
        if (finished) {
          if (failure !== undefined) throw failure;
          return;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
    result: () => (answer ? Promise.resolve(answer) : done),
  };
}

/**
 * Asks the provider whether it takes these credentials, as cheaply as it allows: its model list,
 * else (Bedrock) a one-token answer from its first declared model, where 'no access to the model'
 * (not enabled in the account) still means the signature was taken. Throws LlmProviderError.
 */
export async function verifyLlmClient(client: LlmClient, signal?: AbortSignal): Promise<void> {
  const declaration = LLM_PROVIDERS[client.provider];
  if (declaration.listsModels) {
    await client.listModels(signal);
    return;
  }
  const model = declaration.models[0] ?? '';
  try {
    await client.chat({
      model,
      messages: [{ role: 'user', content: 'Say OK.' }],
      maxOutputTokens: 1,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    // Signed and accepted, only the model is not enabled for the account: the credentials are good.
    if (
      error instanceof LlmProviderError &&
      error.kind === 'refused' &&
      MODEL_NOT_ENABLED.test(error.message)
    )
      return;
    throw error;
  }
}

/** Bedrock's words for a model the account has not enabled (AccessDeniedException). */
const MODEL_NOT_ENABLED = /access to the model/i;
