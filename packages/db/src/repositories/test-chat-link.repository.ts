import type { Kysely, Selectable } from 'kysely';
import { fromTimestamp, isUniqueViolation, nowIso } from '../dialect';
import type { Database, TestChatLinkTable } from '../schema';

/** A bot's shared test chat link. `password` is stored as the server gave it (sealed). */
export interface TestChatLink {
  botId: string;
  tenantId: string;
  linkId: string;
  password: string;
  passwordVersion: number;
  createdAt: string;
  passwordChangedAt: string;
}

const toLink = (row: Selectable<TestChatLinkTable>): TestChatLink => ({
  botId: row.bot_id,
  tenantId: row.tenant_id,
  linkId: row.link_id,
  password: row.password,
  passwordVersion: Number(row.password_version),
  createdAt: fromTimestamp(row.created_at),
  passwordChangedAt: fromTimestamp(row.password_changed_at),
});

/** One tenant's test chat links, one per bot (reached through `repos.forTenant(t).testChatLinks`). */
export function testChatLinkRepository(db: Kysely<Database>, tenantId: string) {
  const get = async (botId: string): Promise<TestChatLink | undefined> => {
    const row = await db
      .selectFrom('test_chat_links')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('bot_id', '=', botId)
      .executeTakeFirst();
    return row && toLink(row);
  };
  return {
    get,
    /**
     * The bot's link, made with `fresh()` when it has none. Two first requests at once both try;
     * the one whose insert loses reads the winner's link.
     */
    async getOrCreate(
      botId: string,
      fresh: () => { linkId: string; password: string },
    ): Promise<TestChatLink> {
      const existing = await get(botId);
      if (existing) return existing;
      const { linkId, password } = fresh();
      const now = nowIso();
      try {
        await db
          .insertInto('test_chat_links')
          .values({
            bot_id: botId,
            tenant_id: tenantId,
            link_id: linkId,
            password,
            password_version: 1,
            created_at: now,
            password_changed_at: now,
          })
          .execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      const made = await get(botId);
      if (!made) throw new Error(`the test chat link of ${botId} was neither found nor made`);
      return made;
    },
    /** A new password; the version moves on so that sessions opened with the old one end. */
    async resetPassword(botId: string, password: string): Promise<TestChatLink | undefined> {
      await db
        .updateTable('test_chat_links')
        .set((eb) => ({
          password,
          password_version: eb('password_version', '+', 1),
          password_changed_at: nowIso(),
        }))
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .execute();
      return get(botId);
    },
  };
}

/**
 * Links by their public id, whatever their tenant: the public test chat knows only the link id.
 * What it finds says which tenant and bot the visitor talks to; nothing else of the tenant is read.
 */
export function publicTestChatLinkRepository(db: Kysely<Database>) {
  return {
    async byLinkId(linkId: string): Promise<TestChatLink | undefined> {
      const row = await db
        .selectFrom('test_chat_links')
        .selectAll()
        .where('link_id', '=', linkId)
        .executeTakeFirst();
      return row && toLink(row);
    },
  };
}
