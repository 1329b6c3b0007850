import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchProviderReadiness } from '../api/llms-api';
import { type Providers, providersFrom } from '../llm-providers';
import { LLM_KEYS } from './llm-query-keys';

/**
 * Which providers are ready for the tenant and their model lists (the provider's own list where it
 * has one). Asked once in a while: the server asks each ready provider for its models.
 */
export function useProviders(): Providers & { isPending: boolean } {
  const query = useQuery({
    queryKey: LLM_KEYS.providers,
    queryFn: ({ signal }) => fetchProviderReadiness(signal),
    staleTime: 5 * 60_000,
  });
  const providers = useMemo(() => providersFrom(query.data), [query.data]);
  return { ...providers, isPending: query.isPending };
}
