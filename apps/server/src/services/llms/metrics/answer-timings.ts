import type { LlmAnswerMetric, TenantScope } from '@parley/db';

/**
 * The timings of one answered message (spec 04 section 3.11's LLM metrics), in milliseconds from
 * when the message arrived (docs/decisions.md 'LLM statistics'):
 * - input guardrails time: the checks of the user's message; blocking time: how long the answer
 *   waited for them (all of it: they run before anything is looked up);
 * - RAG filter time: the passage search (full text and vectors, the RAG filters inside both);
 * - RAG chain time: the query's embedding, the search and the prompt's building;
 * - LLM execution total time: the provider's calls for the answer (a JSON repair included);
 * - output guardrails time and blocking time: the answer's checks, and how long they held back
 *   text that was ready;
 * - total chain time: the RAG chain, the LLM's execution and the output checks;
 * - first sentence time: until the first part of the answer went to the user;
 * - response time: until the whole answer had;
 * - LLM block total time: an LLM block's whole turn in a conversation (absent elsewhere).
 */
export class AnswerTimings {
  private readonly started = performance.now();
  inputGuardrailsMs = 0;
  inputGuardrailsBlockingMs = 0;
  outputGuardrailsMs = 0;
  outputGuardrailsBlockingMs = 0;
  ragFilterMs = 0;
  ragChainMs = 0;
  llmExecutionMs = 0;
  firstSentenceAt: number | undefined;
  inputTokens = 0;
  outputTokens = 0;
  model: string | null = null;

  /** Runs `work` and adds its time to a field. */
  async time<T>(
    field: 'ragFilterMs' | 'ragChainMs' | 'llmExecutionMs' | 'inputGuardrailsMs',
    work: () => Promise<T>,
  ): Promise<T> {
    const at = performance.now();
    try {
      return await work();
    } finally {
      this[field] += performance.now() - at;
    }
  }

  /** A provider's answer: its tokens and model count toward the statistics' tokens per model. */
  addUsage(usage: { inputTokens: number; outputTokens: number }, model: string): void {
    this.inputTokens += usage.inputTokens;
    this.outputTokens += usage.outputTokens;
    this.model = model;
  }

  /** The metric of the answer, its response time taken now. */
  metric(llmId: string, origin: LlmAnswerMetric['origin'], llmBlockMs?: number): LlmAnswerMetric {
    const now = performance.now();
    const response = now - this.started;
    return {
      llmId,
      origin,
      model: this.model,
      inputTokens: this.inputTokens,
      outputTokens: this.outputTokens,
      times: {
        inputGuardrailsTime: this.inputGuardrailsMs,
        inputGuardrailsBlockingTime: this.inputGuardrailsBlockingMs,
        outputGuardrailsTime: this.outputGuardrailsMs,
        outputGuardrailsBlockingTime: this.outputGuardrailsBlockingMs,
        firstSentenceTime: (this.firstSentenceAt ?? now) - this.started,
        ragFilterTime: this.ragFilterMs,
        ragChainTime: this.ragChainMs,
        totalChainTime: this.ragChainMs + this.llmExecutionMs + this.outputGuardrailsMs,
        llmExecutionTotalTime: this.llmExecutionMs,
        responseTime: response,
        ...(llmBlockMs === undefined ? {} : { llmBlockTotalTime: llmBlockMs }),
      },
    };
  }
}

/** Keeps an answer's metric; statistics are never worth failing an answer for. */
export async function recordAnswerMetric(
  scope: Pick<TenantScope, 'llmMetrics'>,
  metric: LlmAnswerMetric,
  log: { warn: (object: object, message: string) => void },
): Promise<void> {
  try {
    await scope.llmMetrics.record(metric);
  } catch (error) {
    log.warn({ err: error, llmId: metric.llmId }, 'the answer’s timings could not be kept');
  }
}
