import { isBeirFolder, measureBeir, readBeirSet, SCIFACT_PUBLISHED } from './llm/beir-quality';
import { measureGuardrailChecks } from './llm/guardrail-checks';
import { measureIngestion } from './llm/ingestion';
import { measureRetrievalLatency } from './llm/retrieval-latency';

/** Where a BEIR-format judged set is looked for (SciFact: corpus.jsonl, queries.jsonl, qrels/test.tsv). */
const BEIR_FOLDER = process.env.BENCH_BEIR_DIR;

const phase = (name: string) =>
  process.stderr.write(`[llm ${new Date().toISOString().slice(11, 19)}] ${name}\n`);

/**
 * `npm run bench -- llm`: the LLM area's retrieval (issue 23). Quality: BM25 nDCG@10 on a BEIR
 * judged set when BENCH_BEIR_DIR names one (SciFact's published Anserini BM25: 0.665 flat, 0.679
 * multifield); none ships in any package reachable here, so without it the figure is not
 * measured and the run says so. Speed: search p95 at 100,000 passages on SQLite with CPU per
 * question beside a reference read in the same run; ingestion in pages per second. Guardrails
 * (a separate section, `guardrails`): the local checks' p99 per answer (goal < 2 ms).
 */
export async function benchLlm(_options: { seconds: number }) {
  phase('retrieval latency at 100,000 passages');
  const latency = await measureRetrievalLatency({ passages: 100_000, questions: 500 });
  phase('ingestion');
  const ingestion = await measureIngestion({ pagesPerDocument: 100 });
  let quality: object;
  if (isBeirFolder(BEIR_FOLDER)) {
    phase(`quality on ${BEIR_FOLDER}`);
    const scores = await measureBeir(readBeirSet(BEIR_FOLDER));
    quality = { set: BEIR_FOLDER, ...scores, publishedScifactBm25: SCIFACT_PUBLISHED };
  } else {
    quality = {
      notMeasured:
        'no judged retrieval set is here: BEIR SciFact ships in no npm package, and the network reaches only the npm registry. Set BENCH_BEIR_DIR to a BEIR folder (corpus.jsonl, queries.jsonl, qrels/test.tsv) to measure it.',
      publishedScifactBm25: SCIFACT_PUBLISHED,
    };
  }
  phase('guardrails: local checks');
  const guardrails = await measureGuardrailChecks({ answers: 20_000 });
  return { retrievalLatency: latency, ingestion, quality, guardrails };
}
