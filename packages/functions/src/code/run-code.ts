import { createRequire } from 'node:module';
import type { FunctionDefinitionOf } from '@parley/contracts';
import { runChildJob } from '../child-job';
import { formatBytes } from '../rest/read-response';
import { RunFailure, timeLimitFailure } from '../run-failure';
import type { RunContext, RunnerResult } from '../runner';
import { CONSOLE_SOURCE, INPUTS_GLOBAL, variableNames, wrapCode } from './code-source';
import { SANDBOX_PROCESS_SOURCE } from './sandbox-process';

/** Starting the sandbox process is not the author's time; past this too, the process is killed. */
const START_ALLOWANCE_MS = 5000;

type SandboxReply =
  | { kind: 'ok'; json: string | undefined; logs: string[] }
  | { kind: 'syntax'; message: string }
  | { kind: 'timeout' | 'memory' | 'tooLarge'; logs: string[] }
  | { kind: 'thrown'; isError: boolean; name: string; message: string; stack: string; logs: string[] };

/**
 * Runs custom JavaScript in a fresh V8 isolate (isolated-vm) inside a child process of its
 * own: no require, process, file system, network or timers; a heap limit and a wall-clock
 * limit (which bounds CPU time too). Nothing survives a run, so a run that hit a limit
 * leaves the server as it was.
 */
export async function runCode(
  definition: FunctionDefinitionOf<'code'>,
  inputs: Record<string, unknown>,
  context: RunContext,
): Promise<RunnerResult> {
  const { timeoutMs, memoryLimitMb } = context;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(timeLimitFailure(timeoutMs)),
    timeoutMs + START_ALLOWANCE_MS,
  );
  try {
    const outcome = await runChildJob<SandboxReply>(
      SANDBOX_PROCESS_SOURCE,
      {
        modulePath: createRequire(import.meta.url).resolve('isolated-vm'),
        source: wrapCode(definition.code, variableNames(inputs)),
        consoleSource: CONSOLE_SOURCE,
        inputsGlobal: INPUTS_GLOBAL,
        inputs,
        timeoutMs,
        memoryLimitMb,
        maxResultBytes: context.maxResponseBytes,
        maxLogLines: 100,
        maxLogLineLength: 1000,
      },
      { signal: controller.signal, maxOldSpaceMb: 128, owner: context.owner },
    );
    const reply = outcome.reply;
    if (outcome.wasKilled && !reply) throw timeLimitFailure(timeoutMs);
    if (!reply) {
      // V8 aborts the process when an isolate's heap cannot grow any more.
      if (/heap|out of memory/i.test(outcome.stderr)) throw memoryFailure(memoryLimitMb);
      throw new RunFailure('The code sandbox stopped unexpectedly', outcome.stderr.slice(-1000));
    }
    return resultOf(reply, context);
  } finally {
    clearTimeout(timer);
  }
}

function resultOf(reply: SandboxReply, context: RunContext): RunnerResult {
  switch (reply.kind) {
    case 'ok':
      return {
        output: reply.json === undefined ? null : JSON.parse(reply.json),
        ...(reply.logs.length ? { logs: reply.logs } : {}),
      };
    case 'syntax':
      throw new RunFailure('The code has a syntax error', reply.message);
    case 'timeout':
      throw timeLimitFailure(context.timeoutMs, 'Look for endless loops, or promises that never settle.');
    case 'memory':
      throw memoryFailure(context.memoryLimitMb);
    case 'tooLarge':
      throw new RunFailure(`The result is larger than ${formatBytes(context.maxResponseBytes)}`);
    case 'thrown': {
      if (!reply.isError) throw new RunFailure(`The code threw ${reply.message}`);
      const where = reply.stack
        .split('\n')
        .filter((line) => line.includes('function.js'))
        .map((line) => line.trim())
        .join('\n');
      throw new RunFailure(`${reply.name}: ${reply.message}`, where);
    }
  }
}

const memoryFailure = (memoryLimitMb: number) =>
  new RunFailure(`The function used more than ${memoryLimitMb} MB`, 'Look for data that grows without end.');
