import type { Kysely, Selectable } from 'kysely';
import { fromJsonColumn, fromTimestamp, nowIso, toJson } from '../dialect';
import type { Database, TenantLlmProviderTable } from '../schema';

/** A tenant's credentials for one LLM provider as stored: plain fields, and secrets still sealed. */
export interface TenantLlmProviderRecord {
  provider: string;
  fields: Record<string, string>;
  sealedSecrets: Record<string, string>;
  updatedBy: string;
  updatedAt: string;
}

const toRecord = (row: Selectable<TenantLlmProviderTable>): TenantLlmProviderRecord => ({
  provider: row.provider,
  fields: fromJsonColumn<Record<string, string>>(row.fields, {}),
  sealedSecrets: fromJsonColumn<Record<string, string>>(row.sealed_secrets, {}),
  updatedBy: row.updated_by,
  updatedAt: fromTimestamp(row.updated_at),
});

/** One tenant's own LLM provider credentials (reached through `repos.forTenant(t).llmProviders`). */
export function llmProviderRepository(db: Kysely<Database>, tenantId: string) {
  const rows = () => db.selectFrom('tenant_llm_providers').where('tenant_id', '=', tenantId);
  return {
    async list(): Promise<TenantLlmProviderRecord[]> {
      return (await rows().selectAll().orderBy('provider').execute()).map(toRecord);
    },
    async get(provider: string): Promise<TenantLlmProviderRecord | undefined> {
      const row = await rows().selectAll().where('provider', '=', provider).executeTakeFirst();
      return row && toRecord(row);
    },
    /** Stores the provider's credentials whole, replacing any before. */
    async save(
      provider: string,
      fields: Record<string, string>,
      sealedSecrets: Record<string, string>,
      updatedBy: string,
    ): Promise<TenantLlmProviderRecord> {
      const values = {
        fields: toJson(fields),
        sealed_secrets: toJson(sealedSecrets),
        updated_by: updatedBy,
        updated_at: nowIso(),
      };
      await db
        .insertInto('tenant_llm_providers')
        .values({ tenant_id: tenantId, provider, ...values })
        .onConflict((oc) => oc.columns(['tenant_id', 'provider']).doUpdateSet(values))
        .execute();
      const saved = await this.get(provider);
      if (!saved) throw new Error('LLM provider credentials vanished after their save');
      return saved;
    },
    /** Whether there was anything to remove. */
    async remove(provider: string): Promise<boolean> {
      const result = await db
        .deleteFrom('tenant_llm_providers')
        .where('tenant_id', '=', tenantId)
        .where('provider', '=', provider)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
