import { notFound } from '@parley/contracts';
import type { LlmDetailRecord } from '@parley/db';
import type { Principal } from '../../auth/principal';

/** The caller's tenant's LLM, or a 404: another tenant's LLM is not found, never shown. */
export async function loadLlm(principal: Principal, llmId: string): Promise<LlmDetailRecord> {
  const llm = await principal.scope.llms.get(llmId);
  if (!llm) throw notFound(`There is no LLM ${llmId.slice(0, 100)}.`);
  return llm;
}
