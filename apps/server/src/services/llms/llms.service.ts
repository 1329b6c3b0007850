import type { LlmSummary } from '@parley/contracts';
import type { Principal } from '../../auth/principal';

/**
 * GET /api/llm: the LLMs of the caller's tenant, as LLM blocks pick them (spec 03 section 2.6).
 * They are the tenant's (spec 04 section 2.4), so anyone signed in to it sees the list; the LLM
 * area, which creates them, is not built yet, so the list is empty until it is.
 */
export async function listLlms(principal: Principal): Promise<LlmSummary[]> {
  return (await principal.scope.llms.list()).map((llm) => ({
    llmId: llm.id,
    llmDisplayName: llm.displayName,
    description: llm.description,
    llmProvider: llm.provider,
    model: llm.model,
    isComplete: llm.isComplete,
  }));
}
