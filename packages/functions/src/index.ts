export { FunctionRunError } from './function-run-error';
export { guardedFetch, NetworkRefusal } from './network/guarded-fetch';
export { type GuardedGetOptions, type GuardedResponse, guardedGet } from './network/guarded-get';
export { checkFunctionHost, type HostCheckOptions, type HostProblem } from './network/host-check';
export { createNetworkPolicy, type NetworkPolicy } from './network/network-policy';
export {
  type HostResolver,
  PRIVATE_NETWORK_MESSAGE,
  PROTECTED_ADDRESS_MESSAGE,
  type ResolvedAddress,
  systemResolver,
} from './network/resolve-host';
export { processSlots } from './process-slots';
export { type FunctionRunResult, runFunction } from './run-function';
export {
  DEFAULT_CODE_TIMEOUT_MS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_ROWS,
  DEFAULT_MEMORY_LIMIT_MB,
  DEFAULT_NETWORK_TIMEOUT_MS,
  type NetworkAccess,
  type RunOptions,
} from './run-options';
export { isRunnableHere, type RunnableFunctionType } from './runners';
