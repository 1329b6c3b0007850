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
  stop(): Promise<void>;
}

/** Starts the built server (`npm start`'s entry) as its own process, as an operator would. */
export async function startServerProcess(options: {
  port: number;
  dataDir?: string;
  env?: Record<string, string>;
}): Promise<StartedServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'parley-bench-'));
  const url = `http://127.0.0.1:${options.port}`;
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
