import {
  AppError,
  LLM_PROVIDER_MESSAGES,
  type LlmProviderCredentialsBody,
  type LlmProviderStoredField,
  type TenantLlmProviderView,
  validationError,
} from '@parley/contracts';
import type { TenantLlmProviderRecord } from '@parley/db';
import {
  credentialProblems,
  isLlmProviderId,
  LLM_PROVIDER_IDS,
  LLM_PROVIDERS,
  LlmProviderError,
  type LlmProviderId,
  secretHint,
  verifyLlmClient,
} from '@parley/llm';
import type { Principal } from '../../../auth/principal';
import type { AppContext } from '../../../context';
import { clientFor } from './llm-client-resolver';
import { openRecord } from './provider-credentials';
import { providerSecretSeal } from './provider-credentials-seal';

/** How long a save waits for the provider to answer its check. */
const CHECK_TIMEOUT_MS = 15_000;

export function providerIdOf(value: string): LlmProviderId {
  if (!isLlmProviderId(value))
    throw new AppError('not-found_error', LLM_PROVIDER_MESSAGES.unknownProvider, {
      details: value.slice(0, 100),
    });
  return value;
}

/** GET /api/tenant/llm-providers: every provider, the tenant's own credentials (secrets as hints only) and the installation's. */
export async function listTenantProviders(
  ctx: AppContext,
  principal: Principal,
): Promise<TenantLlmProviderView[]> {
  const records = new Map(
    (await principal.scope.llmProviders.list()).map((record) => [record.provider, record]),
  );
  return LLM_PROVIDER_IDS.map((provider) => viewOf(ctx, provider, records.get(provider)));
}

function viewOf(
  ctx: AppContext,
  provider: LlmProviderId,
  record: TenantLlmProviderRecord | undefined,
): TenantLlmProviderView {
  const declaration = LLM_PROVIDERS[provider];
  return {
    provider,
    label: declaration.label,
    fields: declaration.fields.map(({ name, label, secret, required }) => ({
      name,
      label,
      secret,
      required,
    })),
    own: record ? { fields: storedFields(ctx, provider, record), updatedAt: record.updatedAt } : null,
    fromEnvironment: ctx.config.llmProviders[provider] !== undefined,
  };
}

function storedFields(
  ctx: AppContext,
  provider: LlmProviderId,
  record: TenantLlmProviderRecord,
): LlmProviderStoredField[] {
  const opened = openRecord(ctx, provider, record).fields;
  return LLM_PROVIDERS[provider].fields.map((field) => {
    const value = opened[field.name];
    if (!value) return { name: field.name, set: false };
    return field.secret
      ? { name: field.name, set: true, hint: secretHint(value) }
      : { name: field.name, set: true, value };
  });
}

/**
 * PUT /api/tenant/llm-providers/{provider}: adds or replaces the tenant's credentials. A secret
 * left out keeps the stored one. Nothing is stored until the provider took them: a refusal is a
 * 400 naming the provider and what it refused.
 */
export async function saveTenantProvider(
  ctx: AppContext,
  principal: Principal,
  providerName: string,
  body: LlmProviderCredentialsBody,
): Promise<TenantLlmProviderView> {
  const provider = providerIdOf(providerName);
  const declaration = LLM_PROVIDERS[provider];
  const before = await principal.scope.llmProviders.get(provider);
  const kept = before ? openRecord(ctx, provider, before).fields : {};
  const fields: Record<string, string> = {};
  for (const field of declaration.fields) {
    const sent = body.fields[field.name]?.trim();
    const value = sent || (field.secret ? kept[field.name] : undefined);
    if (value) fields[field.name] = value;
  }
  const problems = credentialProblems(provider, { ...body.fields, ...fields });
  const first = problems[0];
  if (first) throw validationError(first.field, `${declaration.label}: ${first.message}.`);

  await checkWithProvider(ctx, provider, fields);

  const plain: Record<string, string> = {};
  const sealed: Record<string, string> = {};
  for (const field of declaration.fields) {
    const value = fields[field.name];
    if (!value) continue;
    if (field.secret) sealed[field.name] = providerSecretSeal(ctx).seal(value);
    else plain[field.name] = value;
  }
  const record = await principal.scope.llmProviders.save(provider, plain, sealed, principal.user.id);
  await principal.scope.audit.record({
    actor: principal.user.id,
    action: before ? 'llm_provider.replaced' : 'llm_provider.added',
    target: provider,
  });
  return viewOf(ctx, provider, record);
}

async function checkWithProvider(
  ctx: AppContext,
  provider: LlmProviderId,
  fields: Record<string, string>,
): Promise<void> {
  const client = clientFor(
    ctx,
    { credentials: { provider, fields }, source: 'tenant' },
    { maxRetries: 0, timeoutMs: CHECK_TIMEOUT_MS },
  );
  try {
    await verifyLlmClient(client);
  } catch (error) {
    if (!(error instanceof LlmProviderError)) throw error;
    throw validationError(fieldToBlame(provider, error), error.message);
  }
}

/** The field a form marks: the key when the provider refused it, the address when it could not be reached. */
function fieldToBlame(provider: LlmProviderId, error: LlmProviderError): string {
  const names = LLM_PROVIDERS[provider].fields.map((field) => field.name);
  const address = names.find((name) => name === 'baseUrl' || name === 'resourceName' || name === 'region');
  const secret = LLM_PROVIDERS[provider].fields.find((field) => field.secret)?.name;
  const refusedKey = error.kind === 'refused' && (error.status === 401 || error.status === 403);
  return (refusedKey ? secret : (address ?? secret)) ?? names[0] ?? 'provider';
}

/** DELETE /api/tenant/llm-providers/{provider}: the tenant's own credentials go; the installation's, if any, serve again. */
export async function removeTenantProvider(
  ctx: AppContext,
  principal: Principal,
  providerName: string,
): Promise<TenantLlmProviderView> {
  const provider = providerIdOf(providerName);
  if (await principal.scope.llmProviders.remove(provider)) {
    await principal.scope.audit.record({
      actor: principal.user.id,
      action: 'llm_provider.removed',
      target: provider,
    });
  }
  return viewOf(ctx, provider, undefined);
}
