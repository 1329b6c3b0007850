import { type LlmProviderReadiness, Permission, permissionDenied } from '@parley/contracts';
import { LLM_PROVIDER_IDS, LLM_PROVIDERS } from '@parley/llm';
import type { Principal } from '../../../auth/principal';
import type { AppContext } from '../../../context';
import { clientFor } from './llm-client-resolver';
import { findCredentials } from './provider-credentials';
import { modelsOf } from './provider-models';

/** How long the provider step waits for a provider's model list before offering the declared one. */
const LIST_TIMEOUT_MS = 5_000;

/**
 * GET /api/llm/providers: for the create dialog's provider step and the Settings tab, which
 * providers are ready for the caller's tenant (its own credentials, else the installation's) and
 * their model lists. Those who may see LLMs may ask (spec 04 section 6, canSeeLLMs).
 */
export async function listProviderReadiness(
  ctx: AppContext,
  principal: Principal,
): Promise<LlmProviderReadiness[]> {
  await requireCanSeeLlms(principal);
  return Promise.all(
    LLM_PROVIDER_IDS.map(async (provider) => {
      const found = await findCredentials(ctx, principal.tenantId, provider);
      const client = found ? clientFor(ctx, found, { maxRetries: 0, timeoutMs: LIST_TIMEOUT_MS }) : null;
      const key = `${principal.tenantId}:${provider}:${found?.source ?? 'none'}:${found ? fingerprint(found.credentials.fields) : ''}`;
      const models = await modelsOf(client, key);
      return {
        provider,
        label: LLM_PROVIDERS[provider].label,
        ready: found !== undefined,
        source: found?.source ?? null,
        ...models,
      };
    }),
  );
}

/** Tenant administrators, and those holding ManageLLMs (50) on some bot: the web app's canSeeLLMs. */
async function requireCanSeeLlms(principal: Principal): Promise<void> {
  if (principal.isTenantAdmin) return;
  const [botRoles, roles] = await Promise.all([
    principal.scope.botRoles.forUser(principal.user.id),
    principal.scope.roles.list(),
  ]);
  const held = new Set(botRoles.map((role) => role.roleId));
  if (roles.some((role) => held.has(role.roleId) && role.permissions.includes(Permission.ManageBotLlms)))
    return;
  throw permissionDenied(Permission.ManageBotLlms);
}

/** Changed credentials make a new cache key without keeping any secret in it. */
function fingerprint(fields: Readonly<Record<string, string>>): string {
  let hash = 0;
  for (const [name, value] of Object.entries(fields).sort()) {
    for (const char of `${name}=${value};`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  }
  return (hash >>> 0).toString(36);
}
