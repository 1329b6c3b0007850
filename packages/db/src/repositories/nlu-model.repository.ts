import type { Kysely } from 'kysely';
import { fromFlag, nowIso, toFlag } from '../dialect';
import type { Database } from '../schema';

export type NluModelKind = 'draft' | 'published';

/** A stored model of the embedded engine: the serialised model and what it was trained from. */
export interface StoredNluModel {
  provider: string;
  kind: NluModelKind;
  /** Grows with every new model of this bot, provider and kind (predictor caches compare it). */
  version: number;
  /** Where the serialised model is: a blob (blobKey), or inline in rows written before blobs. */
  model: { blobKey: string } | { inline: string };
  /** Hash of the training data, so a model trained from the same content is recognisable. */
  dataHash: string;
  trainedAt: string;
}

export interface NluProviderState {
  provider: string;
  hasResource: boolean;
  hasNlu: boolean;
}

/**
 * One bot's NLU models and provider states (reached through `repos.forTenant(t).nluModels(botId)`).
 * Models are keyed by provider and kind; publishing copies the draft to the published row.
 */
export function nluModelRepository(db: Kysely<Database>, tenantId: string, botId: string) {
  const models = () =>
    db.selectFrom('nlu_models').where('tenant_id', '=', tenantId).where('bot_id', '=', botId);

  async function put(
    provider: string,
    kind: NluModelKind,
    stored: { model: string; model_blob: string | null },
    dataHash: string,
  ) {
    const current = await models()
      .select('version')
      .where('provider', '=', provider)
      .where('kind', '=', kind)
      .executeTakeFirst();
    const values = { ...stored, data_hash: dataHash, trained_at: nowIso() };
    if (current) {
      await db
        .updateTable('nlu_models')
        .set({ ...values, version: Number(current.version) + 1 })
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('provider', '=', provider)
        .where('kind', '=', kind)
        .execute();
    } else {
      await db
        .insertInto('nlu_models')
        .values({ tenant_id: tenantId, bot_id: botId, provider, kind, version: 1, ...values })
        .execute();
    }
  }

  return {
    async get(provider: string, kind: NluModelKind): Promise<StoredNluModel | undefined> {
      const row = await models()
        .selectAll()
        .where('provider', '=', provider)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return (
        row && {
          provider: row.provider,
          kind: row.kind as NluModelKind,
          version: Number(row.version),
          model: row.model_blob ? { blobKey: row.model_blob } : { inline: row.model },
          dataHash: row.data_hash,
          trainedAt: row.trained_at,
        }
      );
    },
    /** The version alone: a cheap question asked before every prediction. */
    async version(provider: string, kind: NluModelKind): Promise<number | undefined> {
      const row = await models()
        .select('version')
        .where('provider', '=', provider)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return row ? Number(row.version) : undefined;
    },
    /** The draft model, kept in the blob under `blobKey`. */
    async saveDraft(provider: string, blobKey: string, dataHash: string): Promise<void> {
      await put(provider, 'draft', { model: '', model_blob: blobKey }, dataHash);
    },
    /** The blobs the rows name: any other blob of the provider's models is garbage. */
    async blobKeys(provider: string): Promise<string[]> {
      const rows = await models().select('model_blob').where('provider', '=', provider).execute();
      return rows.flatMap((row) => (row.model_blob ? [row.model_blob] : []));
    },
    /** The draft becomes the published model; false when there is no draft. */
    async publishDraft(provider: string): Promise<boolean> {
      const draft = await models()
        .select(['model', 'model_blob', 'data_hash'])
        .where('provider', '=', provider)
        .where('kind', '=', 'draft')
        .executeTakeFirst();
      if (!draft) return false;
      await put(provider, 'published', { model: draft.model, model_blob: draft.model_blob }, draft.data_hash);
      return true;
    },
    async removeAll(provider: string): Promise<void> {
      await db
        .deleteFrom('nlu_models')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('provider', '=', provider)
        .execute();
    },

    async state(provider: string): Promise<NluProviderState> {
      const row = await db
        .selectFrom('nlu_provider_states')
        .select(['has_resource', 'has_nlu'])
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('provider', '=', provider)
        .executeTakeFirst();
      return { provider, hasResource: fromFlag(row?.has_resource), hasNlu: fromFlag(row?.has_nlu) };
    },
    /** Providers whose resource and NLU both exist for this bot. */
    async configuredProviders(): Promise<string[]> {
      const rows = await db
        .selectFrom('nlu_provider_states')
        .select('provider')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('has_resource', '=', 1)
        .where('has_nlu', '=', 1)
        .orderBy('provider')
        .execute();
      return rows.map((r) => r.provider);
    },
    async setState(provider: string, patch: { hasResource?: boolean; hasNlu?: boolean }): Promise<void> {
      const current = await this.state(provider);
      const next = {
        has_resource: toFlag(patch.hasResource ?? current.hasResource),
        has_nlu: toFlag(patch.hasNlu ?? current.hasNlu),
        updated_at: nowIso(),
      };
      const updated = await db
        .updateTable('nlu_provider_states')
        .set(next)
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('provider', '=', provider)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await db
          .insertInto('nlu_provider_states')
          .values({ tenant_id: tenantId, bot_id: botId, provider, ...next })
          .execute();
      }
    },
    async removeState(provider: string): Promise<void> {
      await db
        .deleteFrom('nlu_provider_states')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('provider', '=', provider)
        .execute();
    },
  };
}

export type NluModelRepository = ReturnType<typeof nluModelRepository>;
