import type { LlmProviderCredentialsBody, TenantLlmProviderView } from '@parley/contracts';
import { api } from '../../../api/client';

/** The account's own LLM provider credentials (tenant administrators); secrets come back as hints only. */
export const fetchTenantLlmProviders = (signal?: AbortSignal) =>
  api.get<TenantLlmProviderView[]>('/api/tenant/llm-providers', signal);

/** Checked with the provider before it is stored: a refusal is a validation error naming the provider. */
export const saveTenantLlmProvider = (provider: string, body: LlmProviderCredentialsBody) =>
  api.put<TenantLlmProviderView>(`/api/tenant/llm-providers/${encodeURIComponent(provider)}`, body);

export const removeTenantLlmProvider = (provider: string) =>
  api.delete<TenantLlmProviderView>(`/api/tenant/llm-providers/${encodeURIComponent(provider)}`);
