import { latencySummary, round } from './load';

/** How often /healthz is asked while the work runs. */
const PROBE_EVERY_MS = 50;

/**
 * How long /healthz (one `select 1`) answers while `work` runs: asked every 50 ms, as an
 * operator's monitor would. Its max and p99 show how long any request waits behind the work.
 */
export async function probeHealthWhile<T>(serverUrl: string, work: () => Promise<T>) {
  const latencies: number[] = [];
  let isDone = false;
  const probing = (async () => {
    while (!isDone) {
      const started = performance.now();
      const response = await fetch(`${serverUrl}/healthz`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (!response.ok) throw new Error(`/healthz answered ${response.status}`);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    const summary = latencySummary(latencies);
    return {
      result,
      seconds: round((performance.now() - started) / 1000),
      healthz: { probes: latencies.length, max: summary.max, p99: summary.p99, p50: summary.p50 },
    };
  } finally {
    isDone = true;
    await probing;
  }
}
