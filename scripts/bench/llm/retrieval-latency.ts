import { loadavg } from 'node:os';
import { openPassageStore } from './passage-store';
import { syntheticChunks, syntheticQuestions, zipfVocabulary } from './synthetic-passages';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
const round = (value: number, digits = 3) => Number(value.toFixed(digits));

/**
 * Retrieval at `passages` passages in one LLM on SQLite (a file, WAL, as the server keeps it):
 * each question searched through the passage index (full text, then the passages fetched), its
 * wall time and this process's CPU per question, beside the reference measured in the same run:
 * fetching the same five passages by id, the cheapest read of what a search returns.
 */
export async function measureRetrievalLatency(options: { passages: number; questions: number }) {
  const store = await openPassageStore('latency');
  try {
    const vocabulary = zipfVocabulary();
    const perDocument = 1000;
    const indexStarted = performance.now();
    for (let start = 0; start < options.passages; start += perDocument) {
      const chunks = syntheticChunks(
        vocabulary,
        Math.min(perDocument, options.passages - start),
        90,
        start + 1,
      );
      await store.index.replaceDocument(store.scope, `doc-${start / perDocument}`, chunks);
    }
    const indexSeconds = (performance.now() - indexStarted) / 1000;
    const questions = syntheticQuestions(vocabulary, options.questions, 7);
    // Warm the statement cache and the pages, as a running server has them.
    for (const question of questions.slice(0, 20))
      await store.index.search(store.scope, { query: question, limit: 5 });

    const times: number[] = [];
    const cpuTimes: number[] = [];
    const found: string[][] = [];
    const loadBefore = loadavg()[0] as number;
    const cpuBefore = process.cpuUsage();
    for (const question of questions) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const passages = await store.index.search(store.scope, { query: question, limit: 5 });
      const cpuSpent = process.cpuUsage(cpuStarted);
      times.push(performance.now() - started);
      cpuTimes.push((cpuSpent.user + cpuSpent.system) / 1000);
      found.push(passages.map((passage) => passage.passageId));
    }
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMsPerQuestion = (cpu.user + cpu.system) / 1000 / questions.length;

    const passagesRepository = (await import('@parley/db'))
      .createRepositories(store.handle.db)
      .forTenant(store.scope.tenantId).passages;
    const referenceBefore = process.cpuUsage();
    for (const ids of found) await passagesRepository.byIds(store.scope.llmId, ids);
    const reference = process.cpuUsage(referenceBefore);
    const referenceCpuMs = (reference.user + reference.system) / 1000 / found.length;

    const filtered: number[] = [];
    for (const question of questions.slice(0, 100)) {
      const started = performance.now();
      await store.index.search(store.scope, {
        query: question,
        limit: 5,
        filters: [{ metadataField: 'part', query: '3', operator: 'eq' }],
      });
      filtered.push(performance.now() - started);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const sortedCpu = [...cpuTimes].sort((a, b) => a - b);
    const sortedFiltered = [...filtered].sort((a, b) => a - b);
    return {
      passages: options.passages,
      wordsPerPassage: 90,
      questions: questions.length,
      indexSeconds: round(indexSeconds, 1),
      passagesIndexedPerSecond: Math.round(options.passages / indexSeconds),
      // A search is synchronous SQLite work on one thread: its CPU time is its wall time on a free core.
      searchCpuMs: {
        p50: round(percentile(sortedCpu, 50)),
        p95: round(percentile(sortedCpu, 95)),
        p99: round(percentile(sortedCpu, 99)),
      },
      machineLoadAverage: round(Math.max(loadBefore, loadavg()[0] as number), 1),
      searchMs: {
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted.at(-1) ?? 0),
      },
      withRagFilterMs: {
        p50: round(percentile(sortedFiltered, 50)),
        p95: round(percentile(sortedFiltered, 95)),
      },
      cpuMsPerQuestion: round(cpuMsPerQuestion),
      reference: { what: 'the same five passages fetched by id', cpuMsPerQuestion: round(referenceCpuMs, 4) },
      cpuRatioToReference: round(cpuMsPerQuestion / referenceCpuMs, 1),
      targetP95Ms: 50,
    };
  } finally {
    await store.close();
  }
}
