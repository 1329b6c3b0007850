import type { CheckContext } from './guardrail-checks';
import type { GuardrailFailure, Guardrails, GuardrailVerdict } from './guardrails';
import { SentenceSplitter } from './sentences';

/**
 * An answer through the output guardrails as it streams (llmSplitSentences and
 * llmAsyncGuardrails, spec 04 section 3.1; docs/decisions.md 'Guardrails'). Nothing reaches the
 * user before it passed:
 * - split: each sentence is released once it passed its checks, in order; without split the
 *   whole answer is released at the end, once it passed.
 * - async: a sentence's checks start as soon as it is complete while the stream goes on; without,
 *   reading the stream waits while a sentence is checked.
 * - a condition on the whole answer (valid JSON, a cited source) holds every sentence to the end.
 * When a check fails, what passed before stays said and the guardrails message follows instead
 * of the rest.
 */
export interface GuardedAnswerOptions {
  guardrails: Guardrails;
  context: CheckContext;
  splitSentences: boolean;
  asyncGuardrails: boolean;
}

export interface GuardedAnswerOutcome {
  /** What the user got: the released parts joined with a space, or the answer as written. */
  answer: string;
  /** The answer as the model wrote it. */
  modelAnswer: string;
  blocked?: GuardrailFailure;
  /** Time spent on the checks in all (ms), and how long they held back text that was ready (ms). */
  guardrailsMs: number;
  blockingMs: number;
  /** performance.now() when the first part was released; undefined when nothing was. */
  firstReleaseAt?: number;
}

interface Pending {
  sentence: string;
  readyAt: number;
  verdict: Promise<GuardrailVerdict>;
  settled?: GuardrailVerdict;
}

/** Yields the parts to send as they may go; returns the outcome with its timings. */
export async function* guardAnswer(
  deltas: AsyncIterable<string>,
  options: GuardedAnswerOptions,
): AsyncGenerator<string, GuardedAnswerOutcome> {
  const { guardrails, context } = options;
  const releaseEach = options.splitSentences && !guardrails.needsWholeAnswer;
  const splitter = new SentenceSplitter();
  const pending: Pending[] = [];
  const sent: string[] = [];
  let modelAnswer = '';
  let checkedSoFar = '';
  let guardrailsMs = 0;
  let blockingMs = 0;
  let lastRelease = 0;
  let firstReleaseAt: number | undefined;
  let blocked: GuardrailFailure | undefined;

  const queue = (sentence: string) => {
    checkedSoFar = checkedSoFar ? `${checkedSoFar} ${sentence}` : sentence;
    const item: Pending = {
      sentence,
      readyAt: performance.now(),
      verdict: guardrails.hasOutputChecks
        ? guardrails.checkSentence({ sentence, soFar: checkedSoFar }, context)
        : Promise.resolve({ localMs: 0, judgedMs: 0 }),
    };
    item.verdict = item.verdict.then((verdict) => {
      item.settled = verdict;
      return verdict;
    });
    pending.push(item);
  };

  /** Releases a part: the time it waited on checks after it was ready counts as blocking. */
  const release = (part: string, readyAt: number) => {
    const at = performance.now();
    blockingMs += Math.max(0, at - Math.max(readyAt, lastRelease));
    if (firstReleaseAt === undefined) firstReleaseAt = at;
    lastRelease = at;
    sent.push(part);
    return part;
  };

  /** The settled head of the queue: its part to release, if any, and whether it failed. */
  const takeHead = (): string | undefined => {
    const head = pending.shift() as Pending;
    const verdict = head.settled as GuardrailVerdict;
    guardrailsMs += verdict.localMs + verdict.judgedMs;
    if (verdict.failure) {
      blocked = verdict.failure;
      return release(guardrails.message, head.readyAt);
    }
    return releaseEach ? release(head.sentence, head.readyAt) : undefined;
  };

  const iterator = deltas[Symbol.asyncIterator]();
  let ended = false;
  let endedAt = 0;
  // Pulled only when wanted: without async, the stream is not read while a sentence is checked.
  let next: Promise<IteratorResult<string>> | undefined;
  const pull = () => {
    next ??= iterator.next();
    return next;
  };
  try {
    while (!blocked) {
      while (pending[0]?.settled && !blocked) {
        const part = takeHead();
        if (part !== undefined) yield part;
      }
      if (blocked) break;
      if (ended || (!options.asyncGuardrails && pending.length > 0)) {
        if (pending.length === 0) break;
        await (pending[0] as Pending).verdict;
        continue;
      }
      const head = pending[0];
      const first = head
        ? await Promise.race([
            pull().then(() => 'delta' as const),
            head.verdict.then(() => 'verdict' as const),
          ])
        : 'delta';
      if (first === 'verdict') continue;
      const step = await pull();
      next = undefined;
      if (step.done) {
        ended = true;
        endedAt = performance.now();
        for (const sentence of splitter.end()) queue(sentence);
        continue;
      }
      modelAnswer += step.value;
      for (const sentence of splitter.push(step.value)) queue(sentence);
    }
    if (!blocked) {
      const whole = guardrails.checkWholeAnswer(modelAnswer, context);
      guardrailsMs += whole.localMs;
      if (whole.failure) {
        blocked = whole.failure;
        yield release(guardrails.message, endedAt);
      } else if (!releaseEach && modelAnswer.trim().length > 0) {
        yield release(modelAnswer.trim(), endedAt);
      }
    }
  } finally {
    if (!ended) await iterator.return?.();
  }
  return {
    answer: releaseEach || blocked ? sent.join(' ') : modelAnswer.trim(),
    modelAnswer,
    ...(blocked ? { blocked } : {}),
    guardrailsMs,
    blockingMs,
    ...(firstReleaseAt === undefined ? {} : { firstReleaseAt }),
  };
}

/** An answer that came whole (no stream): the same checks, the parts it gives and the outcome. */
export async function guardWholeAnswer(
  answer: string,
  options: GuardedAnswerOptions,
): Promise<GuardedAnswerOutcome & { parts: string[] }> {
  async function* once() {
    yield answer;
  }
  const parts: string[] = [];
  const generator = guardAnswer(once(), options);
  for (;;) {
    const step = await generator.next();
    if (step.done) return { ...step.value, parts };
    parts.push(step.value);
  }
}
