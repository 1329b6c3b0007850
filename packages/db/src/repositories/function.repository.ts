import type { Kysely, Selectable } from 'kysely';
import { fromFlag, fromJson, nowIso, toFlag, toJson } from '../dialect';
import type { Database, FunctionTable } from '../schema';
import { sequentialId } from '../sequential-id';

/** A function's own fields besides name, type, description and group (contracts FunctionDefinition). */
export type StoredFunctionFields = Record<string, unknown>;

export interface FunctionRecord {
  id: string;
  /** The bot it belongs to; null for a global function. */
  botId: string | null;
  /** The bot it was made in. */
  homeBotId: string;
  name: string;
  type: string;
  isGlobal: boolean;
  description: string;
  group: string;
  fields: StoredFunctionFields;
}

export interface NewFunction {
  name: string;
  type: string;
  isGlobal: boolean;
  description: string;
  group: string;
  fields: StoredFunctionFields;
}

/**
 * How a function's fields are written to and read from the database: the server seals the
 * credentials in them (encryption at rest); the default keeps them as they are.
 */
export interface FunctionFieldsCodec {
  seal(type: string, fields: StoredFunctionFields): StoredFunctionFields;
  open(type: string, fields: StoredFunctionFields): StoredFunctionFields;
}
export const PLAIN_FIELDS: FunctionFieldsCodec = {
  seal: (_type, fields) => fields,
  open: (_type, fields) => fields,
};

const key = (text: string) => text.trim().toLowerCase();

const readFunction = (codec: FunctionFieldsCodec, row: Selectable<FunctionTable>): FunctionRecord => ({
  id: row.id,
  botId: row.bot_id,
  homeBotId: row.home_bot_id,
  name: row.name,
  type: row.type,
  isGlobal: fromFlag(row.is_global),
  description: row.description,
  group: row.group_name,
  fields: codec.open(row.type, fromJson<StoredFunctionFields>(row.definition, {})),
});

/**
 * The functions one bot of one tenant sees: its own and the tenant's global ones (reached
 * through `repos.forTenant(t).functions(botId)`), in the order they were made.
 */
export function functionRepository(
  db: Kysely<Database>,
  tenantId: string,
  botId: string,
  codec: FunctionFieldsCodec = PLAIN_FIELDS,
) {
  const toFunction = (row: Selectable<FunctionTable>) => readFunction(codec, row);
  const visible = () =>
    db
      .selectFrom('functions')
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('bot_id', '=', botId), eb('is_global', '=', 1)]));

  return {
    async list(): Promise<FunctionRecord[]> {
      const rows = await visible().selectAll().orderBy('created_at').orderBy('name_key').execute();
      return rows.map(toFunction);
    },

    /** The bot's function or the global one of that name, ignoring case. */
    async get(name: string): Promise<FunctionRecord | undefined> {
      const row = await visible().selectAll().where('name_key', '=', key(name)).executeTakeFirst();
      return row ? toFunction(row) : undefined;
    },

    async create(fn: NewFunction): Promise<FunctionRecord> {
      const now = nowIso();
      const id = sequentialId();
      await db
        .insertInto('functions')
        .values({
          id,
          tenant_id: tenantId,
          bot_id: fn.isGlobal ? null : botId,
          home_bot_id: botId,
          name: fn.name,
          name_key: key(fn.name),
          type: fn.type,
          is_global: toFlag(fn.isGlobal),
          description: fn.description,
          group_name: fn.group,
          definition: toJson(codec.seal(fn.type, fn.fields)),
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { id, botId: fn.isGlobal ? null : botId, homeBotId: botId, ...fn };
    },

    /**
     * Changes the fields given. Becoming global detaches the function from the bot; ceasing
     * to be global makes it this bot's.
     */
    async update(
      functionId: string,
      patch: Partial<Pick<NewFunction, 'name' | 'description' | 'group' | 'fields' | 'isGlobal'>>,
    ): Promise<void> {
      const values: Partial<FunctionTable> = { updated_at: nowIso() };
      if (patch.name !== undefined) {
        values.name = patch.name;
        values.name_key = key(patch.name);
      }
      if (patch.description !== undefined) values.description = patch.description;
      if (patch.group !== undefined) values.group_name = patch.group;
      if (patch.fields !== undefined) {
        const stored = await db
          .selectFrom('functions')
          .select('type')
          .where('tenant_id', '=', tenantId)
          .where('id', '=', functionId)
          .executeTakeFirst();
        values.definition = toJson(codec.seal(stored?.type ?? '', patch.fields));
      }
      if (patch.isGlobal !== undefined) {
        values.is_global = toFlag(patch.isGlobal);
        values.bot_id = patch.isGlobal ? null : botId;
      }
      await db
        .updateTable('functions')
        .set(values)
        .where('tenant_id', '=', tenantId)
        .where((eb) => eb.or([eb('bot_id', '=', botId), eb('is_global', '=', 1)]))
        .where('id', '=', functionId)
        .execute();
    },

    async delete(functionId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('functions')
        .where('tenant_id', '=', tenantId)
        .where((eb) => eb.or([eb('bot_id', '=', botId), eb('is_global', '=', 1)]))
        .where('id', '=', functionId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

/** The tenant's functions across its bots: what a global name must be free of. */
export function tenantFunctionRepository(
  db: Kysely<Database>,
  tenantId: string,
  codec: FunctionFieldsCodec = PLAIN_FIELDS,
) {
  const toFunction = (row: Selectable<FunctionTable>) => readFunction(codec, row);
  return {
    /**
     * Every function of the tenant with that name (ignoring case), with the bot it belongs to;
     * a bot still being imported is no bot yet.
     */
    async named(name: string): Promise<Array<FunctionRecord & { botName: string | null }>> {
      const rows = await db
        .selectFrom('functions')
        .leftJoin('bots', 'bots.id', 'functions.bot_id')
        .selectAll('functions')
        .select('bots.bot_name as owner_bot_name')
        .where('functions.tenant_id', '=', tenantId)
        .where('functions.name_key', '=', key(name))
        .where((eb) => eb.or([eb('functions.bot_id', 'is', null), eb('bots.importing_since', 'is', null)]))
        .execute();
      return rows.map((row) => ({ ...toFunction(row), botName: row.owner_bot_name }));
    },

    /** A global function of the tenant by name, ignoring case. */
    async global(name: string): Promise<FunctionRecord | undefined> {
      const row = await db
        .selectFrom('functions')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('is_global', '=', 1)
        .where('name_key', '=', key(name))
        .executeTakeFirst();
      return row ? toFunction(row) : undefined;
    },
  };
}

export type FunctionRepository = ReturnType<typeof functionRepository>;
