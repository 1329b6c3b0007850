import { botIdFor } from '@parley/contracts';
import type { Kysely, Selectable } from 'kysely';
import { fromFlag, fromJson, isPostgres, nowIso, toFlag, toJson } from '../dialect';
import type { BotTable, Database } from '../schema';

export interface Bot<Settings = Record<string, unknown>> {
  id: string;
  tenantId: string;
  botName: string;
  displayName: string;
  region: string;
  settings: Settings;
  isPublished: boolean;
  showSnippetMigrationBanner: boolean;
  allTimeData: { interactions: number; questionsAsked: number; questionsRecognized: number };
  createdAt: string;
  updatedAt: string;
}

const toBot = (row: Selectable<BotTable>): Bot => ({
  id: row.id,
  tenantId: row.tenant_id,
  botName: row.bot_name,
  displayName: row.display_name,
  region: row.region,
  settings: fromJson(row.settings, {}),
  isPublished: fromFlag(row.is_published),
  showSnippetMigrationBanner: fromFlag(row.show_snippet_migration_banner),
  allTimeData: {
    interactions: Number(row.interactions),
    questionsAsked: Number(row.questions_asked),
    questionsRecognized: Number(row.questions_recognized),
  },
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * The bots of one tenant (reached through `repos.forTenant(tenantId).bots`). A bot that is still
 * being imported is seen by none of its reads (bot-import.repository.ts).
 */
export function botRepository(db: Kysely<Database>, tenantId: string) {
  const finished = () =>
    db.selectFrom('bots').where('tenant_id', '=', tenantId).where('importing_since', 'is', null);
  return {
    async list(): Promise<Bot[]> {
      const rows = await finished().selectAll().orderBy('bot_name').execute();
      return rows.map(toBot);
    },
    /** By name as typed in a URL: names that differ only in case or spaces/dashes are one bot. */
    async get(botName: string): Promise<Bot | undefined> {
      const row = await finished()
        .selectAll()
        .where('id', '=', botIdFor(tenantId, botName))
        .executeTakeFirst();
      return row && toBot(row);
    },
    /** By the stored id (what role rows and websocket topics name). */
    async getById(botId: string): Promise<Bot | undefined> {
      const row = await finished().selectAll().where('id', '=', botId).executeTakeFirst();
      return row && toBot(row);
    },
    /**
     * Inside a transaction: holds the bot's row until the transaction ends, so a read-modify-write
     * of its settings JSON loses no other writer's change. SQLite needs no lock: its one
     * connection runs one transaction at a time already.
     */
    async lock(botId: string): Promise<void> {
      if (!isPostgres(db as unknown as Kysely<never>)) return;
      await db
        .selectFrom('bots')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', botId)
        .forUpdate()
        .execute();
    },
    async count(): Promise<number> {
      const row = await finished()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    /** The plan's cap counts the bots being imported too: they are bots in a moment. */
    async countWithImports(): Promise<number> {
      const row = await db
        .selectFrom('bots')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    /** A new bot; with `importingBy`, one still being imported by that person, seen by nothing yet. */
    async create(bot: {
      botName: string;
      displayName?: string;
      region: string;
      settings: object;
      importingBy?: string;
    }): Promise<Bot> {
      const now = nowIso();
      const row = {
        id: botIdFor(tenantId, bot.botName),
        tenant_id: tenantId,
        bot_name: bot.botName,
        display_name: bot.displayName ?? bot.botName,
        region: bot.region,
        settings: toJson(bot.settings),
        is_published: 0,
        show_snippet_migration_banner: 0,
        interactions: 0,
        questions_asked: 0,
        questions_recognized: 0,
        created_at: now,
        updated_at: now,
        importing_since: bot.importingBy === undefined ? null : now,
        importing_by: bot.importingBy ?? null,
      };
      await db.insertInto('bots').values(row).execute();
      return toBot(row);
    },
    /** The import is complete: the bot is seen from now on. */
    async finishImport(botId: string): Promise<void> {
      await db
        .updateTable('bots')
        .set({ importing_since: null, importing_by: null, updated_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', botId)
        .execute();
    },
    async update(
      botId: string,
      patch: Partial<
        Pick<Bot, 'displayName' | 'region' | 'settings' | 'isPublished' | 'showSnippetMigrationBanner'>
      >,
    ): Promise<void> {
      const values: Partial<BotTable> = { updated_at: nowIso() };
      if (patch.displayName !== undefined) values.display_name = patch.displayName;
      if (patch.region !== undefined) values.region = patch.region;
      if (patch.settings !== undefined) values.settings = toJson(patch.settings);
      if (patch.isPublished !== undefined) values.is_published = toFlag(patch.isPublished);
      if (patch.showSnippetMigrationBanner !== undefined) {
        values.show_snippet_migration_banner = toFlag(patch.showSnippetMigrationBanner);
      }
      await db
        .updateTable('bots')
        .set(values)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', botId)
        .execute();
    },
    /** Any change to intents, examples, entities or names (spec 02 section 4). */
    async markUnpublished(botId: string): Promise<void> {
      await db
        .updateTable('bots')
        .set({ is_published: 0, updated_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', botId)
        .execute();
    },
    async delete(botId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('bots')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', botId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type BotRepository = ReturnType<typeof botRepository>;
