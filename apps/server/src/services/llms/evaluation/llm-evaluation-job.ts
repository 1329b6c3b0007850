import {
  DEFAULT_EMBEDDING_MODEL,
  LLM_EVALUATION_LIMITS as L,
  type LlmEvaluationQuestion,
  type LlmEvaluationResult,
  LLM_EVALUATION_MESSAGES as M,
} from '@parley/contracts';
import type { LlmDetailRecord } from '@parley/db';
import { type LlmClient, LlmProviderError, type LlmProviderId } from '@parley/llm';
import type { AppContext } from '../../../context';
import { answerWithLlm, modelOf, retrievalQueryOf } from '../answering/llm-test.service';
import { readLlmSettings } from '../llm-view';
import { createPassageIndex } from '../passages/passage-index';
import { resolveLlmClient } from '../providers/llm-client-resolver';
import { type AnswerJudge, providerAnswerJudge } from './evaluation-judge';
import { answerContains, overallRetrieval, scoreQuestionRetrieval } from './evaluation-scoring';
import type { EvaluationSummary } from './llm-evaluation.service';

export interface EvaluationJob {
  tenantId: string;
  llmId: string;
  runId: string;
}

/** Progress is written every this many questions. */
const PROGRESS_EVERY = 5;

/**
 * One evaluation run ('llm.evaluate'): each question's passages are looked up as an answer's
 * would be (the retriever query, the RAG filters, vectors when the index has them), read as
 * their documents and scored against the expected sources (hit@k at the LLM's amountOfDocs,
 * MRR and nDCG@10); then the LLM answers it as Test does (retrieval-only with no provider) and
 * the answer is checked: 'contains', or 'judged' by the provider (a contains check with none).
 */
export async function runEvaluationJob(ctx: AppContext, job: EvaluationJob): Promise<void> {
  const scope = ctx.repos.forTenant(job.tenantId);
  const [llm, run] = await Promise.all([
    scope.llms.get(job.llmId),
    scope.llmEvaluations.run(job.llmId, job.runId),
  ]);
  if (!llm || !run || run.state !== 'running') return;
  const dataset = await scope.llmEvaluations.dataset(llm.id, run.datasetId);
  if (!dataset) {
    await scope.llmEvaluations.failRun(run.id, M.datasetUnknown);
    return;
  }
  const questions = dataset.questions as LlmEvaluationQuestion[];
  const settings = readLlmSettings(llm.settings);
  const client = await resolveLlmClient(ctx, job.tenantId, llm.provider as LlmProviderId);
  const judge = client
    ? providerAnswerJudge(client, modelOf(llm.provider as LlmProviderId, llm.model))
    : undefined;
  const k = settings.amountOfDocs;
  const results: LlmEvaluationResult[] = [];
  let judgedAsContains = 0;
  let providerAnswers = 0;
  for (const [index, question] of questions.entries()) {
    const outcome = await evaluateQuestion(ctx, job.tenantId, llm, client, judge, question, k);
    if (outcome.judgedAsContains) judgedAsContains++;
    if (outcome.byProvider) providerAnswers++;
    results.push(outcome.result);
    if ((index + 1) % PROGRESS_EVERY === 0) await scope.llmEvaluations.progress(run.id, index + 1);
  }
  const checked = results.filter((r) => r.passed !== null);
  const summary: EvaluationSummary = {
    retrieval: overallRetrieval(
      results.map((r) =>
        r.hitAtK === null
          ? null
          : { hitAtK: r.hitAtK, reciprocalRank: r.reciprocalRank ?? 0, ndcgAt10: r.ndcgAt10 ?? 0 },
      ),
      k,
    ),
    answers: {
      checked: checked.length,
      passed: checked.filter((r) => r.passed).length,
      rate: checked.length === 0 ? null : checked.filter((r) => r.passed).length / checked.length,
      mode: providerAnswers > 0 ? 'provider' : 'retrieval-only',
      judgedAsContains,
    },
  };
  await scope.llmEvaluations.progress(run.id, questions.length);
  await scope.llmEvaluations.finishRun(run.id, summary, results);
}

async function evaluateQuestion(
  ctx: AppContext,
  tenantId: string,
  llm: LlmDetailRecord,
  client: LlmClient | null,
  judge: AnswerJudge | undefined,
  question: LlmEvaluationQuestion,
  k: number,
): Promise<{ result: LlmEvaluationResult; judgedAsContains: boolean; byProvider: boolean }> {
  const settings = readLlmSettings(llm.settings);
  const query = retrievalQueryOf(question.question, settings);
  const embeddingModel = settings.embeddingModel === DEFAULT_EMBEDDING_MODEL ? null : settings.embeddingModel;
  let queryEmbedding: number[] | undefined;
  if (client && embeddingModel && llm.indexedEmbeddingModel === embeddingModel) {
    try {
      queryEmbedding = (await client.embed([query], embeddingModel))[0];
    } catch (error) {
      if (!(error instanceof LlmProviderError)) throw error; // Full text still ranks.
    }
  }
  const passages = await createPassageIndex(ctx.repos).search(
    { tenantId: tenantId, llmId: llm.id },
    { query, limit: Math.max(k, L.ndcgCutoff), filters: settings.ragFilters, queryEmbedding },
  );
  const retrievedSources = passages.map((p) => p.documentName);
  const scores = scoreQuestionRetrieval(retrievedSources, question.expectedSources, k);
  const answer = await answerWithLlm(
    ctx,
    tenantId,
    llm,
    { message: question.question },
    { origin: 'evaluation' },
  );
  let passed: boolean | null = null;
  let note: string | undefined;
  let judgedAsContains = false;
  if (question.expectedAnswer) {
    if (question.check === 'judged' && judge && answer.mode === 'provider') {
      try {
        const judgement = await judge(question.question, question.expectedAnswer, answer.answer);
        passed = judgement.passed;
        note = judgement.note;
      } catch (error) {
        if (!(error instanceof LlmProviderError)) throw error;
        passed = false;
        note = error.message;
      }
    } else {
      judgedAsContains = question.check === 'judged';
      passed = answerContains(answer.answer, question.expectedAnswer);
      if (judgedAsContains) note = 'No language model could judge it: checked as contains.';
    }
  }
  if (answer.notice && answer.mode === 'retrieval-only' && !note) note = answer.notice;
  return {
    result: {
      question: question.question,
      expectedAnswer: question.expectedAnswer,
      expectedSources: question.expectedSources,
      retrievedSources: [...new Set(retrievedSources)],
      hitAtK: scores?.hitAtK ?? null,
      reciprocalRank: scores?.reciprocalRank ?? null,
      ndcgAt10: scores?.ndcgAt10 ?? null,
      answer: answer.answer,
      check: question.check,
      passed,
      ...(note ? { note } : {}),
    },
    judgedAsContains,
    byProvider: answer.mode === 'provider',
  };
}

/** The job's last failure: the run says so. */
export async function failEvaluationJob(ctx: AppContext, job: EvaluationJob): Promise<void> {
  await ctx.repos.forTenant(job.tenantId).llmEvaluations.failRun(job.runId, M.failed);
}
