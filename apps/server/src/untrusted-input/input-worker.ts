import { parentPort } from 'node:worker_threads';
import { AppError } from '@parley/contracts';
import { INPUT_TASKS, type InputTaskName } from './input-tasks';

export interface InputWorkerRequest {
  task: InputTaskName;
  payload: unknown;
}

/** What the worker answers: the task's value, the refusal it threw, or an unexpected failure. */
export type InputWorkerMessage =
  | { kind: 'done'; value: unknown }
  | {
      kind: 'refused';
      code: AppError['code'];
      message: string;
      data: Record<string, unknown>;
      status: number;
    }
  | { kind: 'failed'; message: string };

async function run({ task, payload }: InputWorkerRequest): Promise<InputWorkerMessage> {
  try {
    return { kind: 'done', value: await (INPUT_TASKS[task] as (payload: unknown) => unknown)(payload) };
  } catch (error) {
    return error instanceof AppError
      ? { kind: 'refused', code: error.code, message: error.message, data: error.data, status: error.status }
      : { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

// One task at a time: the pool (run-input-task.ts) sends the next only after this one's answer.
parentPort?.on('message', async (request: InputWorkerRequest) => parentPort?.postMessage(await run(request)));
