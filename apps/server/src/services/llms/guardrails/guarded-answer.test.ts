import { describe, expect, test } from 'vitest';
import { guardAnswer, guardWholeAnswer } from './guarded-answer';
import type { GuardrailJudge } from './guardrail-judge';
import { createGuardrails } from './guardrails';

const context = { sourceNames: ['handbook.txt'] };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A provider's stream: the deltas with a pause before each, and a log of what was read when. */
function stream(deltas: string[], pauseMs: number, log: string[]) {
  return (async function* () {
    for (const delta of deltas) {
      await sleep(pauseMs);
      log.push(`read ${delta.trim()}`);
      yield delta;
    }
  })();
}

async function run(
  deltas: string[],
  conditions: string[],
  options: { split: boolean; async: boolean; judge?: GuardrailJudge; pauseMs?: number },
) {
  const log: string[] = [];
  const guardrails = createGuardrails(
    { outputCheckConditions: conditions, guardrailsMessage: 'Sorry.' },
    options.judge,
  );
  const generator = guardAnswer(stream(deltas, options.pauseMs ?? 1, log), {
    guardrails,
    context,
    splitSentences: options.split,
    asyncGuardrails: options.async,
  });
  for (;;) {
    const step = await generator.next();
    if (step.done) return { log, outcome: step.value };
    log.push(`send ${step.value}`);
  }
}

const answer = ['We open at 9. ', 'We close at 5. ', 'Call jane@example.org. ', 'Bye.'];

describe('answers through the guardrails', () => {
  test('split: each sentence is sent after it passed, the failing one becomes the message and the rest is dropped', async () => {
    const { log, outcome } = await run(answer, ['no personal data'], { split: true, async: false });
    expect(log.filter((l) => l.startsWith('send'))).toEqual([
      'send We open at 9.',
      'send We close at 5.',
      'send Sorry.',
    ]);
    // Nothing is sent before the text after it showed the sentence had ended and it passed.
    expect(log.indexOf('send We open at 9.')).toBeGreaterThan(log.indexOf('read We close at 5.'));
    expect(outcome.modelAnswer).toBe(answer.join(''));
    expect(outcome.blocked?.condition).toBe('no personal data');
    expect(outcome.answer).toBe('We open at 9. We close at 5. Sorry.');
  });

  test('without split, the whole answer is sent once at the end, or only the message', async () => {
    const passed = await run(answer.slice(0, 2), ['no personal data'], { split: false, async: false });
    expect(passed.log.filter((l) => l.startsWith('send'))).toEqual(['send We open at 9. We close at 5.']);
    const failed = await run(answer, ['no personal data'], { split: false, async: false });
    expect(failed.log.filter((l) => l.startsWith('send'))).toEqual(['send Sorry.']);
  });

  test('async: the stream is read on while a sentence is judged; without, reading waits', async () => {
    const slowJudge: GuardrailJudge = async () => {
      await sleep(40);
      return { broken: [] };
    };
    const deltas = ['One. ', 'Two. ', 'Three. ', 'Four.'];
    const sync = await run(deltas, ['Be polite'], { split: true, async: false, judge: slowJudge });
    const overlapped = await run(deltas, ['Be polite'], { split: true, async: true, judge: slowJudge });
    expect(sync.log.filter((l) => l.startsWith('send'))).toEqual([
      'send One.',
      'send Two.',
      'send Three.',
      'send Four.',
    ]);
    expect(overlapped.log.filter((l) => l.startsWith('send'))).toEqual(
      sync.log.filter((l) => l.startsWith('send')),
    );
    // Synchronous: 'Three' is read only after 'One' (complete once 'Two' arrived) was judged and sent.
    expect(sync.log.indexOf('read Three.')).toBeGreaterThan(sync.log.indexOf('send One.'));
    // Asynchronous: the whole stream is read before the first judgement came back.
    expect(overlapped.log.indexOf('read Four.')).toBeLessThan(overlapped.log.indexOf('send One.'));
    expect(overlapped.outcome.guardrailsMs).toBeGreaterThanOrEqual(4 * 39);
    expect(overlapped.outcome.blockingMs).toBeLessThan(sync.outcome.blockingMs);
  });

  test('a whole-answer condition holds every sentence to the end', async () => {
    const { log, outcome } = await run(['See the ', 'handbook. ', 'It says 9.'], ['must cite a source'], {
      split: true,
      async: true,
    });
    expect(log.filter((l) => l.startsWith('send'))).toEqual(['send See the handbook. It says 9.']);
    expect(outcome.blocked).toBeUndefined();
    const uncited = await guardWholeAnswer('We open at 9. We close at 5.', {
      guardrails: createGuardrails({ outputCheckConditions: ['must cite a source'], guardrailsMessage: '' }),
      context,
      splitSentences: true,
      asyncGuardrails: false,
    });
    expect(uncited.parts).toEqual(["Sorry, I can't help with that."]);
  });

  test('no conditions: the answer goes through as written', async () => {
    const outcome = await guardWholeAnswer('Line one.\nLine two.', {
      guardrails: createGuardrails({ outputCheckConditions: [], guardrailsMessage: '' }),
      context,
      splitSentences: false,
      asyncGuardrails: false,
    });
    expect(outcome.parts).toEqual(['Line one.\nLine two.']);
    expect(outcome.blocked).toBeUndefined();
  });
});
