import { spawn } from 'node:child_process';
import { processSlots } from './process-slots';

export interface ChildJobOutcome<Reply> {
  /** The child's one message; absent when it died first. */
  reply: Reply | undefined;
  stderr: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** The parent killed it (the signal was aborted). */
  wasKilled: boolean;
}

/**
 * Runs a CommonJS program in a fresh Node process that gets one job and sends one reply.
 * Work that can crash or hang its process (a V8 heap out of memory, a synchronous native
 * call) runs here, so the server stays up, and a kill always ends it.
 */
export function runChildJob<Reply>(
  source: string,
  job: unknown,
  options: { signal: AbortSignal; maxOldSpaceMb: number; owner: string },
): Promise<ChildJobOutcome<Reply>> {
  return processSlots.run(() => spawnJob<Reply>(source, job, options), options.signal, options.owner);
}

function spawnJob<Reply>(
  source: string,
  job: unknown,
  options: { signal: AbortSignal; maxOldSpaceMb: number },
): Promise<ChildJobOutcome<Reply>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${options.maxOldSpaceMb}`, '-e', source], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      // Nothing of the server's environment (its secrets) reaches the child.
      env: {},
    });
    let stderr = '';
    let reply: Reply | undefined;
    let wasKilled = false;
    const kill = () => {
      wasKilled = true;
      child.kill('SIGKILL');
    };
    if (options.signal.aborted) kill();
    options.signal.addEventListener('abort', kill, { once: true });
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on('message', (message: Reply) => {
      reply ??= message;
    });
    child.on('error', (error) => {
      options.signal.removeEventListener('abort', kill);
      reject(error);
    });
    child.on('exit', (exitCode, signal) => {
      options.signal.removeEventListener('abort', kill);
      resolve({ reply, stderr: stderr.trim(), exitCode, signal, wasKilled });
    });
    child.send(job as object);
  });
}
