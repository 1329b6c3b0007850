import { createGuardrails } from '../../../apps/server/src/services/llms/guardrails/guardrails';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
const round = (value: number, digits = 4) => Number(value.toFixed(digits));

/** The local checks a designer would set: a regex, keywords, personal data, a cited source. */
const CONDITIONS = [
  'must not match: \\b\\d+(?:[.,]\\d{2})? ?(?:EUR|USD|€|\\$)',
  'must not contain: refund, guarantee, "money back", lawsuit, competitor',
  'no personal data',
  'must cite a source',
];

const SENTENCES = [
  'Our office is open from nine to five on weekdays, see the Handbook [1].',
  'You can reach the help desk through the contact form on the website.',
  'Orders placed before 2025-05-01 ship within three working days.',
  'The warranty covers manufacturing defects for two years after delivery.',
  'Reference 4111 1111 1111 1112 is an order number, not a card.',
  'Returns are accepted within thirty days when the item is unused.',
  'The team answers questions about invoices on Monday and Thursday.',
  'Urgent matters outside office hours go to the on-call team, see the Handbook [2].',
];

/** An answer of `sentences` sentences, varied by `seed`, that passes every check (so all of them run). */
const answerOf = (seed: number, sentences: number) =>
  `${Array.from({ length: sentences }, (_, i) => SENTENCES[(seed * 7 + i * 3) % SENTENCES.length]).join(' ')} [1]`;

/**
 * The local guardrail checks (issue 23: p99 < 2 ms): every condition above on answers of 3 to 12
 * sentences (about 200 to 900 characters) that pass them all, so every check runs to the end (the
 * slowest case), each answer checked whole, with the CPU per answer;
 * the reference, measured in the same run, is JSON.stringify of the same answer with its sources
 * (what sending it costs at the least).
 */
export async function measureGuardrailChecks(options: { answers: number }) {
  const guardrails = createGuardrails({ outputCheckConditions: CONDITIONS, guardrailsMessage: 'Sorry.' });
  const context = { sourceNames: ['handbook.txt', 'prices.pdf', 'returns.docx'] };
  const answers = Array.from({ length: options.answers }, (_, i) => answerOf(i, 3 + (i % 10)));
  for (const answer of answers.slice(0, 200))
    await guardrails.checkSentence({ sentence: answer, soFar: answer }, context);

  const times: number[] = [];
  let failed = 0;
  const cpuBefore = process.cpuUsage();
  for (const answer of answers) {
    const started = performance.now();
    const sentence = await guardrails.checkSentence({ sentence: answer, soFar: answer }, context);
    const whole = guardrails.checkWholeAnswer(answer, context);
    times.push(performance.now() - started);
    if (sentence.failure || whole.failure) failed++;
  }
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMsPerAnswer = (cpu.user + cpu.system) / 1000 / answers.length;

  const referenceBefore = process.cpuUsage();
  let bytes = 0;
  for (const answer of answers)
    bytes += JSON.stringify({
      answer,
      sources: context.sourceNames.map((documentName) => ({ documentName })),
    }).length;
  const reference = process.cpuUsage(referenceBefore);
  const referenceMsPerAnswer = (reference.user + reference.system) / 1000 / answers.length;

  times.sort((a, b) => a - b);
  return {
    goal: 'local guardrail checks p99 < 2 ms per answer',
    conditions: CONDITIONS,
    answers: answers.length,
    answersStopped: failed,
    meanAnswerChars: Math.round(answers.reduce((sum, a) => sum + a.length, 0) / answers.length),
    ms: {
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      p99: round(percentile(times, 99)),
      max: round(times.at(-1) as number),
    },
    cpuMsPerAnswer: round(cpuMsPerAnswer),
    referenceCpuMsPerAnswer: round(referenceMsPerAnswer),
    ratioToReference: round(cpuMsPerAnswer / Math.max(referenceMsPerAnswer, 1e-6), 1),
    referenceBytes: bytes,
  };
}
