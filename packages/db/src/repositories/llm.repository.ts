import type { Kysely } from 'kysely';
import { fromFlag } from '../dialect';
import type { Database } from '../schema';

/** One of the tenant's LLMs as lists show it. */
export interface LlmRecord {
  id: string;
  displayName: string;
  description: string;
  provider: string;
  model: string | null;
  isComplete: boolean;
}

/** One tenant's LLMs (reached through `repos.forTenant(t).llms`); the LLM area adds the writes. */
export function llmRepository(db: Kysely<Database>, tenantId: string) {
  return {
    async list(): Promise<LlmRecord[]> {
      const rows = await db
        .selectFrom('llms')
        .select(['id', 'display_name', 'description', 'provider', 'model', 'is_complete'])
        .where('tenant_id', '=', tenantId)
        .orderBy('display_name')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        displayName: row.display_name,
        description: row.description,
        provider: row.provider,
        model: row.model,
        isComplete: fromFlag(row.is_complete),
      }));
    },
  };
}
