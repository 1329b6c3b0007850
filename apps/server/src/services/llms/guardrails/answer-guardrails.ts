import { GUARDRAIL_MESSAGES, type LlmTestAnswer } from '@parley/contracts';
import type { AnswerTimings } from '../metrics/answer-timings';
import { guardWholeAnswer } from './guarded-answer';
import type { Guardrails } from './guardrails';

/**
 * The guardrails around an LLM's answer (docs/decisions.md 'Guardrails'): the user's message is
 * checked before anything is looked up, the answer before it is given. A failure gives the
 * guardrails message, names the condition in the notice, and leaves out the sources (they may
 * hold what the check stopped). The timings go to the answer's statistics.
 */
export type GuardedLlmAnswer = LlmTestAnswer & {
  /** The parts as they go to the user: one, or each sentence with split sentences. */
  parts: string[];
};

export async function inputRefusal(
  guardrails: Guardrails,
  message: string,
  timings: AnswerTimings,
  mode: LlmTestAnswer['mode'],
): Promise<GuardedLlmAnswer | undefined> {
  if (!guardrails.hasInputChecks) return undefined;
  const verdict = await guardrails.checkInput(message);
  timings.inputGuardrailsMs += verdict.localMs + verdict.judgedMs;
  timings.inputGuardrailsBlockingMs += verdict.localMs + verdict.judgedMs;
  if (!verdict.failure) return undefined;
  timings.firstSentenceAt = performance.now();
  return {
    answer: guardrails.message,
    parts: [guardrails.message],
    sources: [],
    mode,
    notice: GUARDRAIL_MESSAGES.inputBlockedNotice(verdict.failure.condition),
    guardrail: { target: 'input', condition: verdict.failure.condition },
  };
}

export async function guardedOutput(
  guardrails: Guardrails,
  answer: LlmTestAnswer,
  options: { splitSentences: boolean; asyncGuardrails: boolean },
  timings: AnswerTimings,
): Promise<GuardedLlmAnswer> {
  const outcome = await guardWholeAnswer(answer.answer, {
    guardrails,
    context: { sourceNames: answer.sources.map((source) => source.documentName) },
    splitSentences: options.splitSentences,
    asyncGuardrails: options.asyncGuardrails,
  });
  timings.outputGuardrailsMs += outcome.guardrailsMs;
  timings.outputGuardrailsBlockingMs += outcome.blockingMs;
  timings.firstSentenceAt = outcome.firstReleaseAt ?? performance.now();
  if (!outcome.blocked) return { ...answer, parts: outcome.parts };
  return {
    ...answer,
    answer: outcome.answer,
    parts: outcome.parts,
    sources: [],
    notice: GUARDRAIL_MESSAGES.blockedNotice(outcome.blocked.condition),
    guardrail: { target: 'output', condition: outcome.blocked.condition },
  };
}
