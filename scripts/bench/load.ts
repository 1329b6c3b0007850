import { Agent, request as httpRequest } from 'node:http';

/** A closed-loop load generator: `concurrency` workers send requests back to back for `seconds`. */
export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
}

export async function runLoad(options: {
  concurrency: number;
  seconds: number;
  send: () => Promise<Response>;
  isOk?: (response: Response) => boolean;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const response = await options.send();
        await response.arrayBuffer();
        if (!(options.isOk ?? ((r) => r.ok))(response)) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    errors,
    seconds: round(seconds),
    requestsPerSecond: round(latencies.length / seconds),
    latencyMs: latencySummary(latencies),
  };
}

/** p50, p90, p99 and the slowest of a run's latencies (sorts them in place). */
export function latencySummary(latencies: number[]): { p50: number; p90: number; p99: number; max: number } {
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: round(latencies.at(-1) ?? 0) };
}

export const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 256 });

/**
 * A GET over node:http with kept-alive connections, shaped like fetch's Response for runLoad:
 * fetch (undici) costs the load generator more than a bare server costs the server, so the
 * hello-world yardstick would measure the client.
 */
export function httpGet(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { agent: keepAlive, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        const body = Buffer.concat(chunks);
        resolve({
          ok: status >= 200 && status < 300,
          status,
          arrayBuffer: async () => body,
        } as unknown as Response);
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
