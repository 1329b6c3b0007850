import type { TenantLlmProviderRecord } from '@parley/db';
import { LLM_PROVIDERS, type LlmProviderId, type ProviderCredentials } from '@parley/llm/declaration';
import type { AppContext } from '../../../context';
import { providerSecretSeal } from './provider-credentials-seal';

/** Where a provider's credentials come from: the tenant's own, else the installation's environment. */
export type CredentialsSource = 'tenant' | 'environment';

export type FoundCredentials = { credentials: ProviderCredentials; source: CredentialsSource };

/** A stored record opened: plain fields and secrets in clear, for the provider's calls only. */
export function openRecord(
  ctx: AppContext,
  provider: LlmProviderId,
  record: TenantLlmProviderRecord,
): ProviderCredentials {
  const fields: Record<string, string> = {};
  for (const field of LLM_PROVIDERS[provider].fields) {
    const value = field.secret
      ? openSecret(ctx, record.sealedSecrets[field.name])
      : record.fields[field.name];
    if (value) fields[field.name] = value;
  }
  return { provider, fields };
}

function openSecret(ctx: AppContext, sealed: string | undefined): string | undefined {
  return sealed ? providerSecretSeal(ctx).open(sealed) || undefined : undefined;
}

/**
 * The credentials a tenant's calls to a provider use: its own when it saved some (they win), else
 * the operator's from the environment; undefined when neither.
 */
export async function findCredentials(
  ctx: AppContext,
  tenantId: string,
  provider: LlmProviderId,
): Promise<FoundCredentials | undefined> {
  const record = await ctx.repos.forTenant(tenantId).llmProviders.get(provider);
  if (record) return { credentials: openRecord(ctx, provider, record), source: 'tenant' };
  const fromEnvironment = ctx.config.llmProviders[provider];
  return fromEnvironment ? { credentials: fromEnvironment, source: 'environment' } : undefined;
}
