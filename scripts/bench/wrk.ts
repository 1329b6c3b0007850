import { execFileSync, spawn } from 'node:child_process';
import type { LoadResult } from './load';

/** Whether wrk (Debian's `wrk`) is installed: a C load generator the server, not the client, limits. */
export function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk prints its version and exits 1; only a missing binary throws ENOENT.
    return (error as { code?: string }).code !== 'ENOENT';
  }
}

const unitMs: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };
const toMs = (text: string | undefined) => {
  const match = /([\d.]+)(us|ms|s)/.exec(text ?? '');
  return match ? Number(match[1]) * (unitMs[match[2] as string] ?? 1) : 0;
};

/** GETs `url` for `seconds` with wrk (one thread, `connections` connections, latency percentiles). */
export function runWrk(options: {
  url: string;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(options.url);
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn('wrk', args);
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', () => {
      const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
      const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
      const percentile = (p: string) => toMs(new RegExp(`\\s${p}%\\s+([\\d.]+\\w+)`).exec(output)?.[1]);
      resolve({
        requests,
        errors,
        seconds: options.seconds,
        requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
        latencyMs: {
          p50: percentile('50'),
          p90: percentile('90'),
          p99: percentile('99'),
          max: toMs(/Latency.*?([\d.]+\w+)\s+[\d.]+%/.exec(output)?.[1]),
        },
      });
    });
  });
}
