import type { FunctionDefinitionOf, FunctionType } from '@parley/contracts';
import type { NetworkPolicy } from './network/network-policy';
import type { HostResolver } from './network/resolve-host';

/** The limits and guards of one run, with every default applied. */
export interface RunContext {
  timeoutMs: number;
  maxResponseBytes: number;
  maxRows: number;
  memoryLimitMb: number;
  policy: NetworkPolicy;
  resolveHost: HostResolver;
  sqliteDirectory: string | undefined;
  /** Whose run this is, for the fair sharing of process slots (RunOptions.owner). */
  owner: string;
}

export interface RunnerResult {
  output: unknown;
  /** Something the author should know about a run that worked (rows cut off, nothing stored). */
  notice?: string;
  /**
   * The run got an answer that counts as a failed call (a REST status that is not 2xx): the
   * output is that answer, and a conversation takes the block's failure exit.
   */
  failure?: string;
  /** console output of code functions. */
  logs?: string[];
}

export type Runner<T extends FunctionType> = (
  definition: FunctionDefinitionOf<T>,
  inputs: Record<string, unknown>,
  context: RunContext,
) => Promise<RunnerResult>;
