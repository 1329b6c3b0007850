import type { Kysely, Selectable } from 'kysely';
import { flagFor, fromFlag, fromJsonColumn, fromTimestamp, nowIso } from '../dialect';
import type { Database, ExternalApiKeyTable } from '../schema';

/** A bot's External API key as it is kept: never the key itself, only its hash and a hint. */
export interface ExternalApiKeyRecord {
  keyId: string;
  tenantId: string;
  botId: string;
  keyHash: string;
  hint: string;
  isLocked: boolean;
  createdAt: string;
}

/** A conversation started over Direct Line with one of the bot's keys. */
export interface DirectLineConversationRecord {
  conversationId: string;
  botId: string;
  keyId: string;
  userId: string;
  createdAt: string;
}

/** A turn of a conversation as Direct Line reads it: its number (the watermark), when, whose, what. */
export interface DirectLineTurn {
  seq: number;
  at: string;
  direction: 'in' | 'out';
  activity: unknown;
  /** The client's own id of the message this turn is, when it sent one. */
  clientActivityId: string | null;
}

const toKey = (row: Selectable<ExternalApiKeyTable>): ExternalApiKeyRecord => ({
  keyId: row.key_id,
  tenantId: row.tenant_id,
  botId: row.bot_id,
  keyHash: row.key_hash,
  hint: row.hint,
  isLocked: fromFlag(row.is_locked),
  createdAt: fromTimestamp(row.created_at),
});

/**
 * One bot's External API channel (reached through `repos.forTenant(t).externalApi(botId)`): its
 * keys, its conversation timeout and its Direct Line conversations with their turns.
 */
export function externalApiRepository(db: Kysely<Database>, tenantId: string, botId: string) {
  const keys = () =>
    db.selectFrom('external_api_keys').where('tenant_id', '=', tenantId).where('bot_id', '=', botId);
  return {
    /** The bot's keys, oldest first. */
    async listKeys(): Promise<ExternalApiKeyRecord[]> {
      const rows = await keys().selectAll().orderBy('created_at').orderBy('key_id').execute();
      return rows.map(toKey);
    },

    async addKey(key: { keyId: string; keyHash: string; hint: string }): Promise<ExternalApiKeyRecord> {
      const row = {
        key_id: key.keyId,
        tenant_id: tenantId,
        bot_id: botId,
        key_hash: key.keyHash,
        hint: key.hint,
        is_locked: flagFor(db, false),
        created_at: nowIso(),
      };
      await db.insertInto('external_api_keys').values(row).execute();
      return toKey(row);
    },

    /**
     * Locks and unlocks keys of this bot at once; false (and nothing changed) when one of the ids
     * is not a key of this bot.
     */
    async setLocked(changes: ReadonlyArray<{ keyId: string; isLocked: boolean }>): Promise<boolean> {
      if (changes.length === 0) return true;
      const run = async (trx: Kysely<Database>) => {
        const known = await trx
          .selectFrom('external_api_keys')
          .select('key_id')
          .where('tenant_id', '=', tenantId)
          .where('bot_id', '=', botId)
          .where(
            'key_id',
            'in',
            changes.map((c) => c.keyId),
          )
          .execute();
        if (new Set(known.map((k) => k.key_id)).size !== new Set(changes.map((c) => c.keyId)).size)
          return false;
        for (const change of changes) {
          await trx
            .updateTable('external_api_keys')
            .set({ is_locked: flagFor(trx, change.isLocked) })
            .where('tenant_id', '=', tenantId)
            .where('bot_id', '=', botId)
            .where('key_id', '=', change.keyId)
            .execute();
        }
        return true;
      };
      return db.isTransaction ? run(db) : db.transaction().execute(run);
    },

    /** Deletes a key of this bot (its Direct Line conversations' records go with it); false when it had none such. */
    async deleteKey(keyId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('external_api_keys')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('key_id', '=', keyId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The conversation timeout in seconds; undefined while the bot never set one. */
    async conversationLifetime(): Promise<number | undefined> {
      const row = await db
        .selectFrom('external_api_settings')
        .select('conversation_lifetime_seconds')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .executeTakeFirst();
      return row ? Number(row.conversation_lifetime_seconds) : undefined;
    },

    async setConversationLifetime(seconds: number): Promise<void> {
      const updated = await db
        .updateTable('external_api_settings')
        .set({ conversation_lifetime_seconds: seconds })
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return;
      await db
        .insertInto('external_api_settings')
        .values({ bot_id: botId, tenant_id: tenantId, conversation_lifetime_seconds: seconds })
        .onConflict((oc) => oc.column('bot_id').doUpdateSet({ conversation_lifetime_seconds: seconds }))
        .execute();
    },

    /** Records that a conversation of this bot was started over Direct Line with a key. */
    async addConversation(conversation: {
      conversationId: string;
      keyId: string;
      userId: string;
    }): Promise<void> {
      await db
        .insertInto('direct_line_conversations')
        .values({
          conversation_id: conversation.conversationId,
          tenant_id: tenantId,
          bot_id: botId,
          key_id: conversation.keyId,
          user_id: conversation.userId,
          created_at: nowIso(),
        })
        .execute();
    },

    async conversation(conversationId: string): Promise<DirectLineConversationRecord | undefined> {
      const row = await db
        .selectFrom('direct_line_conversations')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('conversation_id', '=', conversationId)
        .executeTakeFirst();
      return (
        row && {
          conversationId: row.conversation_id,
          botId: row.bot_id,
          keyId: row.key_id,
          userId: row.user_id,
          createdAt: fromTimestamp(row.created_at),
        }
      );
    },

    /** The client's id of the message a turn was (a conversation of this bot's). */
    async addPost(conversationId: string, seq: number, clientActivityId: string): Promise<void> {
      if (!(await this.conversation(conversationId))) return;
      await db
        .insertInto('direct_line_posts')
        .values({ conversation_id: conversationId, seq, client_activity_id: clientActivityId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** A conversation's turns after the watermark, in order, at most `limit` of them. */
    async turnsAfter(conversationId: string, watermark: number, limit: number): Promise<DirectLineTurn[]> {
      const rows = await db
        .selectFrom('turns')
        .leftJoin('direct_line_posts', (join) =>
          join
            .onRef('direct_line_posts.conversation_id', '=', 'turns.conversation_id')
            .onRef('direct_line_posts.seq', '=', 'turns.seq'),
        )
        .select([
          'turns.seq as seq',
          'turns.at as at',
          'turns.direction as direction',
          'turns.activity as activity',
          'direct_line_posts.client_activity_id as clientActivityId',
        ])
        .where('turns.tenant_id', '=', tenantId)
        .where('turns.bot_id', '=', botId)
        .where('turns.conversation_id', '=', conversationId)
        .where('turns.seq', '>', watermark)
        .orderBy('turns.seq')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        seq: Number(row.seq),
        at: fromTimestamp(row.at),
        direction: row.direction,
        activity: fromJsonColumn<unknown>(row.activity, null),
        clientActivityId: row.clientActivityId ?? null,
      }));
    },

    /**
     * The last `count` rows up to the row `seq` (its when and whose, not what), oldest first:
     * where a turn's answer stands when a reader stopped inside it (its delays count from the
     * answer's start, and its answers reply to its user's message).
     */
    async rowsUpTo(
      conversationId: string,
      seq: number,
      count: number,
    ): Promise<Array<Pick<DirectLineTurn, 'seq' | 'at' | 'direction'>>> {
      const rows = await db
        .selectFrom('turns')
        .select(['seq', 'at', 'direction'])
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('conversation_id', '=', conversationId)
        .where('seq', '<=', seq)
        .orderBy('seq', 'desc')
        .limit(count)
        .execute();
      return rows
        .reverse()
        .map((row) => ({ seq: Number(row.seq), at: fromTimestamp(row.at), direction: row.direction }));
    },
  };
}

export type ExternalApiRepository = ReturnType<typeof externalApiRepository>;

/**
 * Keys by their id, whatever their tenant: a Direct Line client shows only its key, and the key
 * names its id. What is found says which tenant and bot the client talks to. Also the owner of
 * a conversation of the channel, for the files its user uploaded (their address names only it).
 */
export function publicExternalApiKeyRepository(db: Kysely<Database>) {
  return {
    /** The tenant and bot of a conversation of the API channel; undefined for any other. */
    async apiConversationOwner(
      conversationId: string,
      channel: string,
    ): Promise<{ tenantId: string; botId: string } | undefined> {
      const row = await db
        .selectFrom('conversations')
        .select(['tenant_id', 'bot_id'])
        .where('id', '=', conversationId)
        .where('channel', '=', channel)
        .executeTakeFirst();
      return row && { tenantId: row.tenant_id, botId: row.bot_id };
    },

    async byKeyId(keyId: string): Promise<ExternalApiKeyRecord | undefined> {
      const row = await db
        .selectFrom('external_api_keys')
        .selectAll()
        .where('key_id', '=', keyId)
        .executeTakeFirst();
      return row && toKey(row);
    },
  };
}
