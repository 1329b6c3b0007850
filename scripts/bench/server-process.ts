import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const SERVER_ENTRY = path.join(root, 'apps/server/dist/main.js');

export interface StartedServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  dataDir: string;
  /** Milliseconds from spawn to the first 200 of /healthz. */
  msToHealthy: number;
  /** With `probe`: the process's CPU time, statements run and heap (after a GC when asked). */
  probe(options?: { gc?: boolean }): Promise<ServerProbe>;
  /** With `probe`: writes a heap snapshot (after a GC) to `file`. */
  heapSnapshot(file: string): Promise<string>;
  /** With `probe`: profiles the server's CPU from now until `stop` writes the profile to `file`. */
  startProfile(): Promise<{ stop(file: string): Promise<void> }>;
  stop(): Promise<void>;
}

/** What `server-probe.mjs` answers from inside the server process. */
export interface ServerProbe {
  cpuMicros: number;
  /** SQL statements run, transaction control (begin, commit, savepoints) apart. */
  statements: number;
  transactionControl: number;
  heapUsed: number;
  rss: number;
}

const PROBE = path.join(root, 'scripts/bench/server-probe.mjs');

/** Starts the built server (`npm start`'s entry) as its own process, as an operator would. */
export async function startServerProcess(options: {
  port: number;
  dataDir?: string;
  env?: Record<string, string>;
  /** Loads `server-probe.mjs` into the server (statement counts, CPU and heap over IPC). */
  probe?: boolean;
}): Promise<StartedServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'parley-bench-'));
  const url = `http://127.0.0.1:${options.port}`;
  let output = '';
  const started = performance.now();
  const probeArgs = options.probe ? ['--expose-gc', '--import', PROBE] : [];
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': where a benchmarked server's time goes.
  const extraArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...probeArgs, ...extraArgs, SERVER_ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: options.probe ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let asked = 0;
  const ask = <T>(message: Record<string, unknown>): Promise<T> => {
    if (!child.send) return Promise.reject(new Error('the server was started without probe'));
    const id = ++asked;
    return new Promise<T>((resolve) => {
      const onMessage = (answer: { id?: number }) => {
        if (answer?.id !== id) return;
        child.off('message', onMessage);
        resolve(answer as T);
      };
      child.on('message', onMessage);
      child.send?.({ ...message, id });
    });
  };
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 30_000) throw new Error(`server not healthy after 30 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const msToHealthy = performance.now() - started;
  return {
    url,
    process: child,
    output: () => output,
    dataDir,
    msToHealthy,
    probe: (probeOptions = {}) => ask<ServerProbe>({ type: 'probe', gc: probeOptions.gc ?? false }),
    heapSnapshot: async (file) => (await ask<{ file: string }>({ type: 'heap-snapshot', file })).file,
    async startProfile() {
      await ask({ type: 'profile-start' });
      return {
        async stop(file) {
          await ask({ type: 'profile-stop', file });
        },
      };
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
