import type { Kysely, Selectable } from 'kysely';
import { fromFlag, nowIso, toFlag } from '../dialect';
import type { Database, ObjectPropertyTable, VariableTable } from '../schema';
import { sequentialId } from '../sequential-id';

export type VariableKind = VariableTable['kind'];

export interface ObjectPropertyRecord {
  key: string;
  value: string;
  isSystem: boolean;
}

/** A variable or an object; `botId` is null for a global one (the tenant's, seen by all its bots). */
export interface VariableRecord {
  id: string;
  kind: VariableKind;
  botId: string | null;
  isGlobal: boolean;
  name: string;
  /** The variable's value ('' for objects). */
  value: string;
  /** The object's properties in their order (none for variables). */
  properties: ObjectPropertyRecord[];
}

export interface NewVariable {
  kind: VariableKind;
  name: string;
  value: string;
  isGlobal: boolean;
  properties: readonly ObjectPropertyRecord[];
}

const key = (text: string) => text.trim().toLowerCase();

const toRecord = (row: Selectable<VariableTable>, properties: ObjectPropertyRecord[]): VariableRecord => ({
  id: row.id,
  kind: row.kind,
  botId: row.bot_id,
  isGlobal: row.bot_id === null,
  name: row.name,
  value: row.value,
  properties,
});

const toProperty = (row: Pick<Selectable<ObjectPropertyTable>, 'key' | 'value' | 'is_system'>) => ({
  key: row.key,
  value: row.value,
  isSystem: fromFlag(row.is_system),
});

/**
 * The variables and objects one bot of one tenant sees: its own and the tenant's global ones
 * (reached through `repos.forTenant(t).variables(botId)`). Names are one namespace ignoring
 * case; the table's unique indexes hold it per bot and among the global ones.
 */
export function variableRepository(db: Kysely<Database>, tenantId: string, botId: string) {
  const visible = () =>
    db
      .selectFrom('variables')
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('bot_id', '=', botId), eb('bot_id', 'is', null)]));

  async function propertiesOf(objectIds: readonly string[]): Promise<Map<string, ObjectPropertyRecord[]>> {
    const byObject = new Map<string, ObjectPropertyRecord[]>();
    if (objectIds.length === 0) return byObject;
    const rows = await db
      .selectFrom('object_properties')
      .select(['object_id', 'key', 'value', 'is_system'])
      .where('tenant_id', '=', tenantId)
      .where('object_id', 'in', objectIds)
      .orderBy('object_id')
      .orderBy('position')
      .execute();
    for (const row of rows) {
      const list = byObject.get(row.object_id);
      if (list) list.push(toProperty(row));
      else byObject.set(row.object_id, [toProperty(row)]);
    }
    return byObject;
  }

  async function insertProperties(
    objectId: string,
    ownerBotId: string | null,
    properties: readonly ObjectPropertyRecord[],
  ): Promise<void> {
    if (properties.length === 0) return;
    await db
      .insertInto('object_properties')
      .values(
        properties.map((p, position) => ({
          id: sequentialId(),
          tenant_id: tenantId,
          bot_id: ownerBotId,
          object_id: objectId,
          key: p.key,
          key_key: key(p.key),
          value: p.value,
          is_system: toFlag(p.isSystem),
          position,
        })),
      )
      .execute();
  }

  /** Changes rows this bot sees, and no other. */
  const updateVisible = () =>
    db
      .updateTable('variables')
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('bot_id', '=', botId), eb('bot_id', 'is', null)]));

  return {
    /** Every variable and object the bot sees, by name: two queries. */
    async list(): Promise<VariableRecord[]> {
      const rows = await visible().selectAll().orderBy('name_key').orderBy('name').execute();
      const properties = await propertiesOf(rows.filter((r) => r.kind === 'object').map((r) => r.id));
      return rows.map((row) => toRecord(row, properties.get(row.id) ?? []));
    },

    /** The variable or object of that name the bot sees, ignoring case. */
    async get(name: string): Promise<VariableRecord | undefined> {
      const row = await visible().selectAll().where('name_key', '=', key(name)).executeTakeFirst();
      if (!row) return undefined;
      const properties = row.kind === 'object' ? await propertiesOf([row.id]) : undefined;
      return toRecord(row, properties?.get(row.id) ?? []);
    },

    async create(item: NewVariable): Promise<void> {
      const now = nowIso();
      const id = sequentialId();
      const ownerBotId = item.isGlobal ? null : botId;
      await db
        .insertInto('variables')
        .values({
          id,
          tenant_id: tenantId,
          bot_id: ownerBotId,
          kind: item.kind,
          name: item.name,
          name_key: key(item.name),
          value: item.value,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await insertProperties(id, ownerBotId, item.properties);
    },

    async setValue(id: string, value: string): Promise<void> {
      await updateVisible().set({ value, updated_at: nowIso() }).where('id', '=', id).execute();
    },

    /** Replaces an object's properties with the list given, in its order. */
    async setProperties(object: VariableRecord, properties: readonly ObjectPropertyRecord[]): Promise<void> {
      await db
        .deleteFrom('object_properties')
        .where('tenant_id', '=', tenantId)
        .where('object_id', '=', object.id)
        .execute();
      await insertProperties(object.id, object.isGlobal ? null : botId, properties);
      await updateVisible().set({ updated_at: nowIso() }).where('id', '=', object.id).execute();
    },

    /** The bot's variable or object becomes the tenant's: no bot owns it any more. */
    async makeGlobal(id: string): Promise<void> {
      await db
        .updateTable('variables')
        .set({ bot_id: null, updated_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('id', '=', id)
        .execute();
      await db
        .updateTable('object_properties')
        .set({ bot_id: null })
        .where('tenant_id', '=', tenantId)
        .where('object_id', '=', id)
        .execute();
    },

    async delete(id: string): Promise<void> {
      await db
        .deleteFrom('variables')
        .where('tenant_id', '=', tenantId)
        .where((eb) => eb.or([eb('bot_id', '=', botId), eb('bot_id', 'is', null)]))
        .where('id', '=', id)
        .execute();
    },

    /** Whether another bot of the tenant has its own variable or object of that name. */
    /** The id of another bot that owns a variable or object of this name, if one does (an importing one is no bot yet). */
    async otherBotOwning(name: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('variables')
        .select('bot_id')
        .where('tenant_id', '=', tenantId)
        .where('name_key', '=', key(name))
        .where('bot_id', 'is not', null)
        .where('bot_id', '!=', botId)
        .where('bot_id', 'not in', (eb) =>
          eb
            .selectFrom('bots')
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('importing_since', 'is not', null),
        )
        .executeTakeFirst();
      return row?.bot_id ?? undefined;
    },
  };
}
