import {
  FUNCTION_TYPE_CATALOGUE,
  type FunctionDefinition,
  readPropertyPath,
  resolveInputValues,
} from '@parley/contracts';
import { FunctionRunError } from './function-run-error';
import { toJsonSafe } from './json-safe';
import { createNetworkPolicy } from './network/network-policy';
import { systemResolver } from './network/resolve-host';
import { RunFailure } from './run-failure';
import {
  DEFAULT_CODE_TIMEOUT_MS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_ROWS,
  DEFAULT_MEMORY_LIMIT_MB,
  DEFAULT_NETWORK_TIMEOUT_MS,
  type RunOptions,
} from './run-options';
import type { RunContext, Runner } from './runner';
import { isRunnableHere, RUNNERS } from './runners';

export interface FunctionRunResult {
  /** What the function produced, JSON-safe: REST `{status, headers, data}`, SQL rows, code's return value. */
  output: unknown;
  /** The output itself when it is text, for the Output window to show as is. */
  text?: string;
  /** Each output's variableName with the value its propertyPath reads (null when absent). */
  outputs: Record<string, unknown>;
  durationMs: number;
  notice?: string;
  logs?: string[];
  /**
   * Why the call counts as failed though it answered (a REST status that is not 2xx, 'The API
   * answered 404 Not Found'): Run Function shows the answer; in a conversation the block leaves
   * by its Call failed exit.
   */
  failure?: string;
}

/**
 * Runs a function as Run Function does (spec 02 section 7, POST /{name}/output).
 *
 * @example
 *   const result = await runFunction(definition, { city: 'Berlin' }, {
 *     network: { allowPrivateNetworks: config.functions.allowPrivateNetworks,
 *                allowedHosts: config.functions.allowedHosts },
 *   });
 *   // result.output, result.outputs.temperature
 * @throws FunctionRunError with a message for the author and details.
 */
export async function runFunction(
  definition: FunctionDefinition,
  inputValues: Readonly<Record<string, unknown>> = {},
  options: RunOptions = {},
): Promise<FunctionRunResult> {
  const started = performance.now();
  const { type } = definition;
  if (!isRunnableHere(type)) {
    const label = FUNCTION_TYPE_CATALOGUE[type].label;
    throw new FunctionRunError(
      `${label} functions cannot be run with Run Function`,
      NOT_RUN_HERE[type],
      type,
    );
  }
  try {
    const inputs = resolveInputValues(definition.inputs, inputValues);
    const runner = RUNNERS[type] as Runner<typeof type>;
    const result = await runner(definition as never, inputs, runContext(type, options));
    const output = toJsonSafe(result.output);
    return {
      output,
      ...(typeof output === 'string' ? { text: output } : {}),
      outputs: Object.fromEntries(
        definition.outputs.map(({ variableName, propertyPath }) => [
          variableName,
          readPropertyPath(output, propertyPath) ?? null,
        ]),
      ),
      durationMs: Math.round(performance.now() - started),
      ...(result.notice ? { notice: result.notice } : {}),
      ...(result.logs ? { logs: result.logs } : {}),
      ...(result.failure ? { failure: result.failure } : {}),
    };
  } catch (error) {
    if (error instanceof RunFailure) throw new FunctionRunError(error.message, error.details, type);
    throw new FunctionRunError('The function failed', (error as Error)?.message ?? String(error), type);
  }
}

const NOT_RUN_HERE = {
  flow: 'Sub flows run in the test chat (Test Sub Flow).',
  adaptiveCard: 'Adaptive cards are previewed with Show Adaptive Card.',
  llm: 'LLM functions run with the LLM settings of the account.',
} as const;

function runContext(type: string, options: RunOptions): RunContext {
  return {
    timeoutMs: Math.max(
      1,
      Math.min(
        options.timeoutMs ??
          (type === 'code'
            ? DEFAULT_CODE_TIMEOUT_MS
            : (options.networkTimeoutMs ?? DEFAULT_NETWORK_TIMEOUT_MS)),
        options.timeLeftMs ?? Number.POSITIVE_INFINITY,
      ),
    ),
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    maxRows: options.maxRows ?? DEFAULT_MAX_ROWS,
    memoryLimitMb: options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB,
    policy: createNetworkPolicy(options.network),
    resolveHost: options.resolveHost ?? systemResolver,
    sqliteDirectory: options.sqliteDirectory,
    owner: options.owner ?? '',
  };
}
