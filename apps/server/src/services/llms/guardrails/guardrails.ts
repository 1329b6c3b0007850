import { GUARDRAIL_MESSAGES as M } from '@parley/contracts';
import { LlmProviderError } from '@parley/llm';
import {
  type CheckContext,
  type CompiledCondition,
  type CompiledGuardrails,
  compileGuardrails,
  firstLocalFailure,
  MAX_CHECKED_CHARS,
} from './guardrail-checks';
import type { GuardrailJudge } from './guardrail-judge';

/**
 * The guardrails of one answer (issue 23, spec 04 section 3.11): the LLM's conditions compiled,
 * its guardrails message, and the judge for plain-language conditions (the tenant's provider;
 * none in retrieval-only mode, where the answer is the organisation's own passage and only the
 * local checks run). A check that fails gives the user the guardrails message.
 */
export interface GuardrailFailure {
  condition: string;
  reason: string;
}

export interface GuardrailVerdict {
  failure?: GuardrailFailure;
  /** Milliseconds spent on local checks and on the judge. */
  localMs: number;
  judgedMs: number;
}

export interface Guardrails {
  /** What the user gets instead of an answer that failed: the LLM's message or Parley's default. */
  readonly message: string;
  readonly hasInputChecks: boolean;
  readonly hasOutputChecks: boolean;
  /** Whether some condition needs the whole answer (valid JSON, a cited source): no sentence goes before the end. */
  readonly needsWholeAnswer: boolean;
  checkInput(message: string): Promise<GuardrailVerdict>;
  /**
   * Checks a sentence of an answer, or a whole answer given as one: `sentence` is what is new,
   * `soFar` the answer up to and including it (the judge reads it whole, so a sentence is judged
   * in its context).
   */
  checkSentence(part: { sentence: string; soFar: string }, context: CheckContext): Promise<GuardrailVerdict>;
  /** The checks only a whole answer can pass (valid JSON, a cited source); local, so immediate. */
  checkWholeAnswer(answer: string, context: CheckContext): GuardrailVerdict;
}

export interface GuardrailsSettings {
  outputCheckConditions: readonly string[];
  guardrailsMessage: string;
}

const now = () => performance.now();

export function createGuardrails(settings: GuardrailsSettings, judge?: GuardrailJudge): Guardrails {
  const compiled: CompiledGuardrails = compileGuardrails(settings.outputCheckConditions);
  const message = settings.guardrailsMessage.trim() || M.defaultGuardrailsMessage;
  const sentenceChecks = compiled.output.filter((c) => !c.wholeAnswer);
  const answerChecks = compiled.output.filter((c) => c.wholeAnswer);

  async function run(
    local: readonly CompiledCondition[],
    judged: readonly CompiledCondition[],
    text: string,
    judgedText: string,
    context: CheckContext,
  ): Promise<GuardrailVerdict> {
    const started = now();
    const failure = firstLocalFailure(local, text, context);
    const localMs = now() - started;
    if (failure || judged.length === 0 || !judge)
      return { ...(failure ? { failure } : {}), localMs, judgedMs: 0 };
    const judgeStarted = now();
    const judgedFailure = await judgeFailure(judge, judged, judgedText.slice(0, MAX_CHECKED_CHARS));
    return { ...(judgedFailure ? { failure: judgedFailure } : {}), localMs, judgedMs: now() - judgeStarted };
  }

  const localOf = (conditions: readonly CompiledCondition[]) => conditions.filter((c) => c.local);
  const judgedOf = (conditions: readonly CompiledCondition[]) =>
    conditions.filter((c) => c.kind === 'judged');

  return {
    message,
    hasInputChecks: compiled.input.length > 0,
    hasOutputChecks: compiled.output.length > 0,
    needsWholeAnswer: answerChecks.length > 0,
    checkInput: (text) =>
      run(localOf(compiled.input), judgedOf(compiled.input), text, text, { sourceNames: [] }),
    checkSentence: ({ sentence, soFar }, context) =>
      run(localOf(sentenceChecks), judgedOf(sentenceChecks), sentence, soFar, context),
    checkWholeAnswer: (answer, context) => {
      const started = now();
      const failure = firstLocalFailure(answerChecks, answer, context);
      return { ...(failure ? { failure } : {}), localMs: now() - started, judgedMs: 0 };
    },
  };
}

async function judgeFailure(
  judge: GuardrailJudge,
  conditions: readonly CompiledCondition[],
  text: string,
): Promise<GuardrailFailure | undefined> {
  try {
    const verdict = await judge(
      text,
      conditions.map((c) => c.argument),
    );
    if ('unreadable' in verdict)
      return {
        condition: (conditions[0] as CompiledCondition).condition,
        reason: `the judge's answer was ${verdict.unreadable}`,
      };
    const first = verdict.broken[0];
    return first === undefined
      ? undefined
      : { condition: (conditions[first - 1] as CompiledCondition).condition, reason: 'judged broken' };
  } catch (error) {
    if (!(error instanceof LlmProviderError)) throw error;
    // A guardrail that cannot be checked does not let the text through.
    return { condition: (conditions[0] as CompiledCondition).condition, reason: M.judgeUnavailable };
  }
}
