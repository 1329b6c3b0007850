import {
  type LlmAnswerSource,
  type LlmTestAnswer,
  type LlmTestBody,
  type llmTestBodySchema,
  LLM_MESSAGES as M,
} from '@parley/contracts';
import type { LlmDetailRecord } from '@parley/db';
import {
  contextWindowOf,
  LLM_PROVIDERS,
  type LlmClient,
  LlmProviderError,
  type LlmProviderId,
} from '@parley/llm';
import type { z } from 'zod';
import type { Principal } from '../../../auth/principal';
import type { AppContext } from '../../../context';
import { type GuardedLlmAnswer, guardedOutput, inputRefusal } from '../guardrails/answer-guardrails';
import { providerJudge } from '../guardrails/guardrail-judge';
import { createGuardrails } from '../guardrails/guardrails';
import { loadLlm } from '../llm-loading';
import { type LlmSettings, readLlmSettings } from '../llm-view';
import { AnswerTimings, recordAnswerMetric } from '../metrics/answer-timings';
import { createPassageIndex, type RetrievedPassage } from '../passages/passage-index';
import { resolveLlmClient } from '../providers/llm-client-resolver';
import { embeddingModelOf } from '../training/llm-training.service';
import { jsonAnswerProblem, stripFence } from './json-answer';
import { buildPrompt } from './llm-prompt';
import { countTokensBounded } from './safe-token-count';

/** Tokens kept for the answer in the context window. */
export const ANSWER_TOKENS = 1024;

/** The model an LLM with the 'Default model' answers with: its provider's first. */
export function modelOf(provider: LlmProviderId, model: string | null): string {
  return model ?? (LLM_PROVIDERS[provider].models[0] as string);
}

const sourceOf = (passage: RetrievedPassage): LlmAnswerSource => ({
  documentName: passage.documentName,
  ...(passage.page === undefined ? {} : { page: passage.page }),
  ...(passage.slide === undefined ? {} : { slide: passage.slide }),
  ...(passage.url === undefined ? {} : { url: passage.url }),
  passage: passage.text,
});

/** No provider, or a failed one: the best passage as the answer, every passage found as a source. */
function retrievalOnly(passages: RetrievedPassage[], notice: string): LlmTestAnswer {
  if (passages.length === 0)
    return { answer: M.noPassagesFound, sources: [], mode: 'retrieval-only', notice };
  return {
    answer: (passages[0] as RetrievedPassage).text,
    sources: passages.map(sourceOf),
    mode: 'retrieval-only',
    notice,
  };
}

/** What the passages are looked up with: the message and the advanced retriever query. */
export const retrievalQueryOf = (message: string, settings: Pick<LlmSettings, 'additionalLLMQuery'>) =>
  [message, settings.additionalLLMQuery.trim()].filter((part) => part.length > 0).join('\n');

/** What an answer is asked: a message, the exchange so far, and context added to the instructions. */
export interface LlmQuestion {
  message: string;
  history?: readonly { role: 'user' | 'assistant'; content: string }[];
  /** More instructions for this answer (an LLM block's context, [variables] filled in). */
  context?: string;
}

/**
 * POST /api/llm/{id}/test: the answer of the Test tab (see `answerWithLlm`).
 */
export async function testLlm(
  ctx: AppContext,
  principal: Principal,
  llmId: string,
  body: LlmTestBody,
): Promise<LlmTestAnswer> {
  const input = body as z.output<typeof llmTestBodySchema>;
  const llm = await loadLlm(principal, llmId);
  const { parts: _parts, ...answer } = await answerWithLlm(
    ctx,
    principal.tenantId,
    llm,
    { message: input.message, history: input.history ?? [] },
    { origin: 'test' },
  );
  return answer;
}

/** How an answer is given, and where it counts. */
export interface AnswerOptions {
  /** Counted in the LLM's statistics as a Test or a conversation answer; an evaluation's is not. */
  origin: 'test' | 'conversation' | 'evaluation';
  /** The bot's llmSplitSentences and llmAsyncGuardrails (spec 04 section 3.1); off for Test. */
  splitSentences?: boolean;
  asyncGuardrails?: boolean;
  /** When the LLM block's turn began (performance.now()): its total time is counted. */
  llmBlockStartedAt?: number;
}

/**
 * An LLM's answer to a message. The best passages (amountOfDocs of them, through the RAG filters;
 * by vectors too when the index has this embedding model's) go into the prompt with the persona and
 * instructions, as many as the model's context window holds, and the provider answers; a JSON
 * output is validated against the output schema with one repair attempt. With no provider
 * configured, or one that fails, the answer is the best passage itself with a notice that says why.
 */
export async function answerWithLlm(
  ctx: AppContext,
  tenantId: string,
  llm: LlmDetailRecord,
  question: LlmQuestion,
  options: AnswerOptions,
): Promise<GuardedLlmAnswer> {
  const timings = new AnswerTimings();
  const answer = await guardedAnswer(ctx, tenantId, llm, question, options, timings);
  if (options.origin !== 'evaluation') {
    const blockMs =
      options.llmBlockStartedAt === undefined ? undefined : performance.now() - options.llmBlockStartedAt;
    await recordAnswerMetric(
      ctx.repos.forTenant(tenantId),
      timings.metric(llm.id, options.origin, blockMs),
      ctx.log,
    );
  }
  return answer;
}

/**
 * The answer between its guardrails (docs/decisions.md 'Guardrails'): the user's message is
 * checked first; the answer, as the provider or retrieval gave it, before it is given.
 */
async function guardedAnswer(
  ctx: AppContext,
  tenantId: string,
  llm: LlmDetailRecord,
  question: LlmQuestion,
  options: AnswerOptions,
  timings: AnswerTimings,
): Promise<GuardedLlmAnswer> {
  const stored = readLlmSettings(llm.settings);
  const context = question.context?.trim();
  const settings = context
    ? {
        ...stored,
        generalInstructions: [stored.generalInstructions.trim(), context].filter(Boolean).join('\n\n'),
      }
    : stored;
  const provider = llm.provider as LlmProviderId;
  const client = await resolveLlmClient(ctx, tenantId, provider);
  const model = modelOf(provider, llm.model);
  // Plain-language conditions are judged by the LLM's own provider and model; none without one.
  const guardrails = createGuardrails(settings, client ? providerJudge(client, model) : undefined);
  const refused = await inputRefusal(
    guardrails,
    question.message,
    timings,
    client ? 'provider' : 'retrieval-only',
  );
  if (refused) return refused;
  const query = retrievalQueryOf(question.message, settings);
  const embeddingModel = embeddingModelOf(llm.settings);
  let queryEmbedding: number[] | undefined;
  let failure: LlmProviderError | undefined;
  const passages = await timings.time('ragChainMs', async () => {
    if (client && embeddingModel && llm.indexedEmbeddingModel === embeddingModel) {
      try {
        queryEmbedding = (await client.embed([query], embeddingModel))[0];
      } catch (error) {
        if (!(error instanceof LlmProviderError)) throw error;
        failure = error; // Full text still finds passages; the provider's failure is said below.
      }
    }
    return timings.time('ragFilterMs', () =>
      createPassageIndex(ctx.repos).search(
        { tenantId, llmId: llm.id },
        { query, limit: settings.amountOfDocs, filters: settings.ragFilters, queryEmbedding },
      ),
    );
  });
  let answer: LlmTestAnswer;
  if (!client) answer = retrievalOnly(passages, M.noProviderNotice);
  else if (failure) answer = providerFailed(passages, failure);
  else {
    try {
      answer = await askProvider(client, model, settings, passages, question, timings);
    } catch (error) {
      if (!(error instanceof LlmProviderError)) throw error;
      answer = providerFailed(passages, error);
    }
  }
  // A JSON answer is one value: it is never split into sentences.
  const split = (options.splitSentences ?? false) && settings.output !== 'json';
  return guardedOutput(
    guardrails,
    answer,
    { splitSentences: split, asyncGuardrails: options.asyncGuardrails ?? false },
    timings,
  );
}

function providerFailed(passages: RetrievedPassage[], error: LlmProviderError): LlmTestAnswer {
  return {
    ...retrievalOnly(passages, M.providerFailed(error.message)),
    providerError: { provider: error.provider, kind: error.kind, message: error.message },
  };
}

async function askProvider(
  client: LlmClient,
  model: string,
  settings: LlmSettings,
  passages: RetrievedPassage[],
  input: LlmQuestion,
  timings: AnswerTimings,
): Promise<LlmTestAnswer> {
  const promptStarted = performance.now();
  const prompt = buildPrompt({
    settings,
    passages,
    message: input.message,
    history: input.history ?? [],
    contextWindow: contextWindowOf(client.provider, model),
    answerTokens: ANSWER_TOKENS,
    // Bounded: a persona without spaces would hold the event loop for seconds (see safe-token-count).
    countTokens: (text) => countTokensBounded(text, model),
  });
  const json = settings.output === 'json';
  const request = {
    model,
    system: prompt.system,
    messages: prompt.messages,
    temperature: settings.temperature,
    maxOutputTokens: ANSWER_TOKENS,
    json,
  };
  timings.ragChainMs += performance.now() - promptStarted;
  const ask = async (asked: typeof request) => {
    const reply = await timings.time('llmExecutionMs', () => client.chat(asked));
    timings.addUsage(reply.usage, model);
    return reply;
  };
  const first = await ask(request);
  const sources = prompt.passages.map(sourceOf);
  if (!json) return { answer: first.text, sources, mode: 'provider' };
  const problem = jsonAnswerProblem(first.text, settings.outputSchema);
  if (!problem) return { answer: stripFence(first.text), sources, mode: 'provider' };
  // One repair attempt: the model is told what was wrong with its answer.
  const repaired = await ask({
    ...request,
    messages: [
      ...prompt.messages,
      { role: 'assistant', content: first.text },
      { role: 'user', content: `${problem} Answer again with only the JSON object.` },
    ],
  });
  const still = jsonAnswerProblem(repaired.text, settings.outputSchema);
  if (!still) return { answer: stripFence(repaired.text), sources, mode: 'provider' };
  return { answer: repaired.text, sources, mode: 'provider', notice: M.jsonAnswerInvalid(still) };
}
