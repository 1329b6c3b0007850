import type { FunctionType } from '@parley/contracts';
import { runCaptureStorage } from './chat/run-capture-storage';
import { runSendEvent } from './chat/run-send-event';
import { runCode } from './code/run-code';
import { runRest } from './rest/run-rest';
import type { Runner } from './runner';
import { runSql } from './sql/run-sql';

/**
 * The runner of each type Run Function runs here. Sub flows run in the test chat, adaptive
 * cards are previewed in the browser, and LLM functions belong to the LLM engine.
 */
export const RUNNERS = {
  sql: runSql,
  rest: runRest,
  code: runCode,
  captureStorage: runCaptureStorage,
  sendEvent: runSendEvent,
} as const satisfies { [T in Exclude<FunctionType, 'flow' | 'adaptiveCard' | 'llm'>]: Runner<T> };

export type RunnableFunctionType = keyof typeof RUNNERS;

export function isRunnableHere(type: FunctionType): type is RunnableFunctionType {
  return Object.hasOwn(RUNNERS, type);
}
