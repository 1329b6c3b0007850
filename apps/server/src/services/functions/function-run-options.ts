import type { RunOptions } from '@parley/functions';
import type { Config } from '../../config';

/**
 * The operator's limits for a run of a user-defined function, the same for Run Function, the
 * test call and a conversation: the network rules, the SQLite folder, the REST and SQL time
 * limit; sandbox and SQLite processes are shared fairly between `owner`s (tenants).
 */
export function functionRunOptions(
  functions: Config['functions'],
  owner: string,
  extra: Pick<RunOptions, 'timeLeftMs'> = {},
): RunOptions {
  const { allowPrivateNetworks, allowedHosts, sqliteDirectory, networkTimeoutMs } = functions;
  return {
    network: { allowPrivateNetworks, allowedHosts },
    ...(sqliteDirectory ? { sqliteDirectory } : {}),
    networkTimeoutMs,
    owner,
    ...extra,
  };
}
