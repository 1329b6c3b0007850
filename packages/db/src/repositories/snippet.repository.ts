import type { Kysely, Selectable } from 'kysely';
import { fromJsonColumn, fromTimestamp, isUniqueViolation, nowIso, toJson } from '../dialect';
import type { Database, SnippetTable } from '../schema';

/** A chat bubble snippet as stored; `settings` is the widget's settings object, read by contracts. */
export interface SnippetRecord {
  id: string;
  tenantId: string;
  botId: string;
  name: string;
  version: string;
  description: string;
  token: string;
  code: string;
  allowedOrigins: string[];
  settings: unknown;
  createdAt: string;
  updatedAt: string;
}

export interface NewSnippet {
  name: string;
  version: string;
  description: string;
  token: string;
  code: string;
  allowedOrigins: string[];
  settings: unknown;
}

export type SnippetPatch = Partial<
  Pick<SnippetRecord, 'name' | 'description' | 'allowedOrigins' | 'settings'>
>;

const toRecord = (row: Selectable<SnippetTable>): SnippetRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  botId: row.bot_id,
  name: row.name,
  version: row.version,
  description: row.description,
  token: row.token,
  code: row.code,
  allowedOrigins: fromJsonColumn<unknown[]>(row.allowed_origins, []).filter(
    (o): o is string => typeof o === 'string',
  ),
  settings: fromJsonColumn<unknown>(row.settings, {}),
  createdAt: fromTimestamp(row.created_at),
  updatedAt: fromTimestamp(row.updated_at),
});

/** One bot's snippets (reached through `repos.forTenant(t).snippets(botId)`). */
export function snippetRepository(db: Kysely<Database>, tenantId: string, botId: string) {
  const scoped = () =>
    db.selectFrom('snippets').selectAll().where('tenant_id', '=', tenantId).where('bot_id', '=', botId);
  return {
    async list(): Promise<SnippetRecord[]> {
      const rows = await scoped().orderBy('created_at').orderBy('name').execute();
      return rows.map(toRecord);
    },
    async get(name: string): Promise<SnippetRecord | undefined> {
      const row = await scoped().where('name', '=', name).executeTakeFirst();
      return row && toRecord(row);
    },
    async byId(id: string): Promise<SnippetRecord | undefined> {
      const row = await scoped().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('snippets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    /** The new snippet, or undefined when its name is taken in this bot. */
    async create(snippet: NewSnippet): Promise<SnippetRecord | undefined> {
      const now = nowIso();
      const id = crypto.randomUUID();
      try {
        await db
          .insertInto('snippets')
          .values({
            id,
            tenant_id: tenantId,
            bot_id: botId,
            name: snippet.name,
            version: snippet.version,
            description: snippet.description,
            token: snippet.token,
            code: snippet.code,
            allowed_origins: toJson(snippet.allowedOrigins),
            settings: toJson(snippet.settings),
            created_at: now,
            updated_at: now,
          })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
      const row = await scoped().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },
    /**
     * Changes what the patch names; 'missing' when there is no such snippet, 'taken' when a
     * new name is another snippet's.
     */
    async update(name: string, patch: SnippetPatch): Promise<SnippetRecord | 'missing' | 'taken'> {
      try {
        const result = await db
          .updateTable('snippets')
          .set({
            ...(patch.name === undefined ? {} : { name: patch.name }),
            ...(patch.description === undefined ? {} : { description: patch.description }),
            ...(patch.allowedOrigins === undefined ? {} : { allowed_origins: toJson(patch.allowedOrigins) }),
            ...(patch.settings === undefined ? {} : { settings: toJson(patch.settings) }),
            updated_at: nowIso(),
          })
          .where('tenant_id', '=', tenantId)
          .where('bot_id', '=', botId)
          .where('name', '=', name)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return 'missing';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
      const row = await scoped()
        .where('name', '=', patch.name ?? name)
        .executeTakeFirst();
      return row ? toRecord(row) : 'missing';
    },
    async delete(name: string): Promise<SnippetRecord | undefined> {
      const row = await scoped().where('name', '=', name).executeTakeFirst();
      if (!row) return undefined;
      await db
        .deleteFrom('snippets')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('id', '=', row.id)
        .execute();
      return toRecord(row);
    },
  };
}

/**
 * Snippets by their public token, whatever their tenant: the widget knows only the token and
 * code of its embed code. What it finds says which tenant and bot the visitor talks to.
 */
export function publicSnippetRepository(db: Kysely<Database>) {
  return {
    async byToken(token: string): Promise<SnippetRecord | undefined> {
      const row = await db.selectFrom('snippets').selectAll().where('token', '=', token).executeTakeFirst();
      return row && toRecord(row);
    },
  };
}
