import net from 'node:net';
import { type FunctionDefinition, resolveInputValues } from '@parley/contracts';
import { buildUrl } from '../rest/rest-request';
import { RunFailure } from '../run-failure';
import type { NetworkAccess } from '../run-options';
import { parseConnectionString } from '../sql/connection-string';
import { createNetworkPolicy } from './network-policy';
import {
  type HostResolver,
  type ResolvedAddress,
  resolveCheckedAddresses,
  systemResolver,
} from './resolve-host';

/** Why a function's calls cannot reach its host: what a run would fail with, found beforehand. */
export interface HostProblem {
  /** The host as the function names it ('' when its address cannot be read at all). */
  host: string;
  message: string;
  details: string;
}

export interface HostCheckOptions {
  /** The operator's network rules, as runs use them. */
  network?: NetworkAccess;
  resolveHost?: HostResolver;
  /** For the name lookup and for the connection each. Default 3000 ms. */
  timeoutMs?: number;
}

export const DEFAULT_HOST_CHECK_TIMEOUT_MS = 3000;

/**
 * Whether the host a REST or SQL function connects to can be reached, as a run would reach it: its
 * address (a REST URL with the inputs at their default values), the operator's network rules, the
 * name lookup, and a TCP connection to its port, closed at once (nothing is sent). Undefined when
 * it can, or when the function connects to no host (other types, SQLite files).
 *
 * @example
 *   const problem = await checkFunctionHost(definition, { network: config.functions });
 *   // { host: 'shop.example.com', message: 'The host name could not be resolved', details: '...' }
 */
export async function checkFunctionHost(
  definition: FunctionDefinition,
  options: HostCheckOptions = {},
): Promise<HostProblem | undefined> {
  let target: HostTarget | undefined;
  try {
    target = targetOf(definition);
  } catch (error) {
    if (error instanceof RunFailure) return { host: '', message: error.message, details: error.details };
    throw error;
  }
  if (!target) return undefined;
  const timeoutMs = options.timeoutMs ?? DEFAULT_HOST_CHECK_TIMEOUT_MS;
  try {
    const addresses = await withinTime(
      resolveCheckedAddresses(
        target.host,
        createNetworkPolicy(options.network),
        options.resolveHost ?? systemResolver,
      ),
      timeoutMs,
      () =>
        new RunFailure(
          'The host name could not be resolved',
          `${target.host}: no answer within ${timeoutMs} ms`,
        ),
    );
    await connectToAny(addresses, target, timeoutMs);
    return undefined;
  } catch (error) {
    if (error instanceof RunFailure)
      return { host: target.host, message: error.message, details: error.details };
    throw error;
  }
}

interface HostTarget {
  host: string;
  port: number;
}

function targetOf(definition: FunctionDefinition): HostTarget | undefined {
  if (definition.type === 'rest') {
    const url = buildUrl(definition.url, resolveInputValues(definition.inputs, {}));
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
    return { host: url.hostname, port };
  }
  if (definition.type === 'sql') {
    const target = parseConnectionString(definition.connectionString);
    return target.kind === 'sqlite' ? undefined : { host: target.host, port: target.port };
  }
  return undefined;
}

/** Tries the checked addresses in turn; the last failure names why none answered. */
async function connectToAny(addresses: readonly ResolvedAddress[], target: HostTarget, timeoutMs: number) {
  let failure: RunFailure | undefined;
  for (const { address } of addresses) {
    failure = await connectOnce(address, target, timeoutMs);
    if (!failure) return;
  }
  if (failure) throw failure;
}

function connectOnce(
  address: string,
  target: HostTarget,
  timeoutMs: number,
): Promise<RunFailure | undefined> {
  const where = `${target.host}:${target.port}${address === target.host ? '' : ` (${address})`}`;
  return new Promise((settle) => {
    const socket = net.connect({ host: address, port: target.port });
    const done = (failure: RunFailure | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      settle(failure);
    };
    const timer = setTimeout(
      () => done(new RunFailure(`The host did not answer within ${timeoutMs / 1000} s`, where)),
      timeoutMs,
    );
    socket.once('connect', () => done(undefined));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      done(
        error.code === 'ECONNREFUSED'
          ? new RunFailure('The host refused the connection', where)
          : new RunFailure('The host cannot be reached', `${where}: ${error.code ?? error.message}`),
      ),
    );
  });
}

function withinTime<T>(work: Promise<T>, timeoutMs: number, failure: () => RunFailure): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(failure()), timeoutMs);
  });
  work.catch(() => {});
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
