import { guardedFetch, NetworkRefusal } from '@parley/functions';
import {
  createLlmClient,
  type LlmClient,
  type LlmClientOptions,
  LlmProviderError,
  type LlmProviderId,
  providerLabel,
} from '@parley/llm';
import type { AppContext } from '../../../context';
import { type FoundCredentials, findCredentials } from './provider-credentials';

/**
 * The client for a tenant's calls to a provider: the tenant's own credentials win over the
 * installation's environment; null when neither gives the provider.
 */
export async function resolveLlmClient(
  ctx: AppContext,
  tenantId: string,
  provider: LlmProviderId,
): Promise<LlmClient | null> {
  const found = await findCredentials(ctx, tenantId, provider);
  return found ? clientFor(ctx, found) : null;
}

/**
 * A tenant's base URL is an address a user typed: its calls go through the functions' network
 * guard (FUNCTIONS_ALLOW_PRIVATE_NETWORKS, FUNCTIONS_ALLOWED_HOSTS). The operator's environment is
 * trusted as the rest of the configuration is.
 */
export function clientFor(
  ctx: AppContext,
  found: FoundCredentials,
  options: LlmClientOptions = {},
): LlmClient {
  if (found.source === 'environment') return createLlmClient(found.credentials, options);
  return createLlmClient(found.credentials, {
    ...options,
    fetch: refusalsNamed(found.credentials.provider, guardedFetchOf(ctx)),
  });
}

/** One guarded fetch (and its connection pool) per configuration: its network rules do not change. */
const guardedFetches = new WeakMap<AppContext['config'], typeof globalThis.fetch>();
function guardedFetchOf(ctx: AppContext): typeof globalThis.fetch {
  let fetch = guardedFetches.get(ctx.config);
  if (!fetch) {
    const { allowPrivateNetworks, allowedHosts } = ctx.config.functions;
    fetch = guardedFetch({ allowPrivateNetworks, allowedHosts });
    guardedFetches.set(ctx.config, fetch);
  }
  return fetch;
}

/** The guard's refusal as the provider's refused call, naming the provider and the address (never retried). */
function refusalsNamed(provider: LlmProviderId, fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    try {
      return await fetch(input, init);
    } catch (error) {
      const refusal = refusalIn(error);
      if (!refusal) throw error;
      const url = new URL(input instanceof Request ? input.url : input);
      throw new LlmProviderError(
        provider,
        'refused',
        `${providerLabel(provider)} at ${url.origin} cannot be reached: ${refusal.message} (${refusal.details})`,
        {
          cause: error,
        },
      );
    }
  }) as typeof globalThis.fetch;
}

function refusalIn(error: unknown): NetworkRefusal | undefined {
  for (
    let current = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    if (current instanceof NetworkRefusal) return current;
  }
  return undefined;
}
