import type { Kysely, Selectable } from 'kysely';
import { flagFor, fromTimestamp, isUniqueViolation, nowIso } from '../dialect';
import type { BotConnectionTable, Database } from '../schema';

/** A channel or connector a bot has added to its Configuration tab. */
export interface BotConnection {
  kind: string;
  connectionId: string;
  isEnabled: boolean;
  requestedAt: string | null;
  addedAt: string;
}

const toConnection = (row: Selectable<BotConnectionTable>): BotConnection => ({
  kind: row.kind,
  connectionId: row.connection_id,
  isEnabled: Boolean(row.is_enabled),
  requestedAt: fromTimestamp(row.requested_at),
  addedAt: fromTimestamp(row.added_at),
});

/** One bot's connections (reached through `repos.forTenant(t).botConnections(botId)`). */
export function botConnectionRepository(db: Kysely<Database>, tenantId: string, botId: string) {
  const rows = () =>
    db.selectFrom('bot_connections').where('tenant_id', '=', tenantId).where('bot_id', '=', botId);
  return {
    async list(): Promise<BotConnection[]> {
      const found = await rows().selectAll().orderBy('added_at').orderBy('connection_id').execute();
      return found.map(toConnection);
    },
    async get(kind: string, connectionId: string): Promise<BotConnection | undefined> {
      const row = await rows()
        .selectAll()
        .where('kind', '=', kind)
        .where('connection_id', '=', connectionId)
        .executeTakeFirst();
      return row && toConnection(row);
    },
    /** Adds the connection (disabled unless said); adding one the bot has is a no-op. */
    async add(kind: string, connectionId: string, isEnabled: boolean): Promise<void> {
      const now = nowIso();
      try {
        await db
          .insertInto('bot_connections')
          .values({
            bot_id: botId,
            tenant_id: tenantId,
            kind,
            connection_id: connectionId,
            is_enabled: flagFor(db, isEnabled),
            requested_at: null,
            requested_by: null,
            added_at: now,
            updated_at: now,
          })
          .execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    },
    async setEnabled(kind: string, connectionId: string, isEnabled: boolean): Promise<void> {
      await db
        .updateTable('bot_connections')
        .set({ is_enabled: flagFor(db, isEnabled), updated_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('kind', '=', kind)
        .where('connection_id', '=', connectionId)
        .execute();
    },
    async markRequested(kind: string, connectionId: string, userId: string): Promise<void> {
      const now = nowIso();
      await db
        .updateTable('bot_connections')
        .set({ requested_at: now, requested_by: userId, updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('kind', '=', kind)
        .where('connection_id', '=', connectionId)
        .execute();
    },
    async remove(kind: string, connectionId: string): Promise<void> {
      await db
        .deleteFrom('bot_connections')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('kind', '=', kind)
        .where('connection_id', '=', connectionId)
        .execute();
    },
    /** Whether the bot has the channel added and enabled (channels refuse traffic otherwise). */
    async isEnabled(kind: string, connectionId: string): Promise<boolean> {
      const row = await rows()
        .select('is_enabled')
        .where('kind', '=', kind)
        .where('connection_id', '=', connectionId)
        .executeTakeFirst();
      return Boolean(row?.is_enabled);
    },
  };
}
