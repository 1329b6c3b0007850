import type { llmCreateBodySchema, llmUpdateBodySchema } from '@parley/contracts';
import {
  AppError,
  LLM_DEFAULTS,
  type Llm,
  type LlmCreateBody,
  type LlmLimitRefusal,
  type LlmSummary,
  type LlmUpdateBody,
  LLM_MESSAGES as M,
  notFound,
  validationError,
} from '@parley/contracts';
import type { Repositories } from '@parley/db';
import type { z } from 'zod';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { schemaOf } from './answering/json-answer';
import { guardrailConditionProblem } from './guardrails/guardrail-checks';
import { llmBlobPrefix } from './llm-blobs';
import { removeDocuments } from './llm-documents.service';
import { loadLlm } from './llm-loading';
import { type LlmSettings, llmView, readLlmSettings } from './llm-view';
import { createPassageIndex } from './passages/passage-index';
import { cancelRunningTraining, startTraining } from './training/llm-training.service';

type CreateBody = z.output<typeof llmCreateBodySchema>;
type UpdateBody = z.output<typeof llmUpdateBodySchema>;

/**
 * GET /api/llm: the LLMs of the caller's tenant, as LLM blocks pick them (spec 03 section 2.6).
 * They are the tenant's (spec 04 section 2.4), so anyone signed in to it sees the list.
 */
export async function listLlms(principal: Principal): Promise<LlmSummary[]> {
  return (await principal.scope.llms.list()).map((llm) => ({
    llmId: llm.id,
    llmDisplayName: llm.displayName,
    description: llm.description,
    llmProvider: llm.provider,
    model: llm.model,
    isComplete: llm.isComplete,
    language: readLlmSettings(llm.settings).language,
  }));
}

/** GET /api/llm/{llmId}. */
export async function getLlm(principal: Principal, llmId: string): Promise<Llm> {
  const llm = await loadLlm(principal, llmId);
  return llmView(llm, await principal.scope.llmDocuments.list(llm.id));
}

const limitRefusal = (llmLimit: LlmLimitRefusal, message: string) =>
  new AppError('custom_error', message, { llmLimit }, 403);

/**
 * The plan's cap on LLMs (spec 04 section 8): counted against maxFreeBots; beyond it only where
 * the plan charges for more, and then only with the caller's consent.
 */
async function assertLlmCap(repos: Repositories, tenantId: string, acceptAdditionalCost: boolean) {
  const tenant = await repos.tenants.get(tenantId);
  const plan = tenant && (await repos.plans.get(tenant.planId));
  if (!plan) throw limitRefusal('no-plan', M.noSubscription);
  if ((await repos.forTenant(tenantId).llms.count()) < plan.maxFreeBots) return;
  if (!plan.hasAdditionalBotsCost) throw limitRefusal('reached', M.maxLlms);
  if (!acceptAdditionalCost) throw limitRefusal('additional-cost', M.extraCostLlms);
}

const SETTING_KEYS = Object.keys(readLlmSettings({})) as (keyof LlmSettings)[];

/** The settings a body sets, over the stored (or default) ones. */
function settingsWith(stored: LlmSettings, body: Partial<LlmSettings>): LlmSettings {
  const next = { ...stored };
  for (const key of SETTING_KEYS) {
    if (body[key] !== undefined) (next as Record<string, unknown>)[key] = body[key];
  }
  return next;
}

/** A JSON output's schema must be one Parley can check answers against. */
function assertOutputSchema(settings: LlmSettings): void {
  if (!settings.outputSchema.trim()) return;
  const schema = schemaOf(settings.outputSchema);
  if (typeof schema === 'string') throw validationError('outputSchema', schema);
}

const nameTaken = () => validationError('llmDisplayName', M.nameTaken);

/** POST /api/llm/create: a new, untrained LLM with the defaults of spec 04 section 9. */
export async function createLlm(ctx: AppContext, principal: Principal, body: LlmCreateBody): Promise<Llm> {
  const input = body as CreateBody;
  refuseUnusableConditions(input.outputCheckConditions);
  const settings = settingsWith(readLlmSettings(LLM_DEFAULTS), input);
  assertOutputSchema(settings);
  const created = await ctx.repos.transaction(async (repos) => {
    await repos.tenants.lock(principal.tenantId);
    await assertLlmCap(repos, principal.tenantId, input.acceptAdditionalCost === true);
    return repos.forTenant(principal.tenantId).llms.create({
      displayName: input.llmDisplayName,
      description: input.description ?? '',
      provider: input.llmProvider,
      model: input.model ?? null,
      settings,
    });
  });
  if (!created) throw nameTaken();
  await principal.scope.audit.record({
    actor: principal.user.id,
    action: 'llm.created',
    target: created.id,
    details: created.displayName,
  });
  return llmView(created, []);
}

/**
 * POST /api/llm/{id}/update. Changing the provider without naming a model resets the model to
 * the provider's default (spec 04 section 4). A new embedding model re-indexes a trained LLM in
 * the background; the old passages serve until each document is indexed again.
 */
export async function updateLlm(
  ctx: AppContext,
  principal: Principal,
  llmId: string,
  body: LlmUpdateBody,
): Promise<Llm> {
  const input = body as UpdateBody;
  refuseUnusableConditions(input.outputCheckConditions);
  const llm = await loadLlm(principal, llmId);
  const stored = readLlmSettings(llm.settings);
  const settings = settingsWith(stored, input);
  assertOutputSchema(settings);
  const providerChanged = input.llmProvider !== undefined && input.llmProvider !== llm.provider;
  const model = input.model !== undefined ? input.model : providerChanged ? null : undefined;
  const updated = await principal.scope.llms.update(llm.id, {
    displayName: input.llmDisplayName,
    description: input.description,
    provider: input.llmProvider,
    model,
    settings,
  });
  if (updated === 'taken') throw nameTaken();
  if (updated === 'missing') throw notFound(`There is no LLM ${llmId.slice(0, 100)}.`);
  if (input.documents) {
    const keep = new Set(input.documents.map((d) => d.documentId));
    const gone = (await principal.scope.llmDocuments.list(llm.id)).filter((d) => !keep.has(d.id));
    await removeDocuments(ctx, principal, llm.id, gone);
  }
  // A new embedding model re-indexes a trained LLM; its old passages serve meanwhile.
  const documents = await principal.scope.llmDocuments.list(llm.id);
  if (settings.embeddingModel !== stored.embeddingModel && documents.some((d) => d.status === 'trained'))
    await startTraining(ctx, principal, llm.id, { ifIdle: true });
  return getLlm(principal, llm.id);
}

/** A guardrail condition that cannot be checked as written (a regex RE2 refuses, a check without words). */
function refuseUnusableConditions(conditions: readonly string[] | undefined) {
  for (const condition of conditions ?? []) {
    const problem = guardrailConditionProblem(condition);
    if (problem) throw validationError('outputCheckConditions', problem);
  }
}

/** DELETE /api/llm/{id}/delete: the LLM, its documents, their files and passages. */
export async function deleteLlm(ctx: AppContext, principal: Principal, llmId: string): Promise<void> {
  const llm = await loadLlm(principal, llmId);
  await cancelRunningTraining(principal, llm.id);
  await createPassageIndex(ctx.repos).removeLlm({ tenantId: principal.tenantId, llmId: llm.id });
  await ctx.blobs.deletePrefix(llmBlobPrefix(principal.tenantId, llm.id));
  await principal.scope.llms.delete(llm.id);
  await principal.scope.audit.record({
    actor: principal.user.id,
    action: 'llm.deleted',
    target: llm.id,
    details: llm.displayName,
  });
}
