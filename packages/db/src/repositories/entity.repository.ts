import type { Kysely, Selectable } from 'kysely';
import { fromJson, nowIso, toJson } from '../dialect';
import type { Database, EntityTable } from '../schema';
import { sequentialId } from '../sequential-id';

/** What an entity holds besides name, description, type and roles (contracts EntityContent). */
export interface StoredEntityContent {
  sublists?: Array<{ canonicalForm: string; list: string[] }>;
  resolveWithCanonical?: boolean;
  examples?: string[];
  regexes?: string[];
}

export interface EntityRecord {
  id: string;
  botId: string;
  name: string;
  description: string;
  type: string;
  content: StoredEntityContent;
  roles: string[];
}

export interface NewEntity {
  name: string;
  description: string;
  type: string;
  content: StoredEntityContent;
  roles: string[];
}

const key = (text: string) => text.trim().toLowerCase();

const toEntity = (row: Selectable<EntityTable>, roles: string[]): EntityRecord => ({
  id: row.id,
  botId: row.bot_id,
  name: row.name,
  description: row.description,
  type: row.type,
  content: fromJson<StoredEntityContent>(row.content, {}),
  roles,
});

/**
 * The custom entities of one bot of one tenant (reached through
 * `repos.forTenant(t).entities(botId)`). Role names are unique across the bot by index.
 */
export function entityRepository(db: Kysely<Database>, tenantId: string, botId: string) {
  const entities = () =>
    db.selectFrom('entities').where('tenant_id', '=', tenantId).where('bot_id', '=', botId);

  async function insertRoles(entityId: string, roles: readonly string[]): Promise<void> {
    if (roles.length === 0) return;
    await db
      .insertInto('entity_roles')
      .values(
        roles.map((name, position) => ({
          id: sequentialId(),
          tenant_id: tenantId,
          bot_id: botId,
          entity_id: entityId,
          name,
          name_key: key(name),
          position,
        })),
      )
      .execute();
  }

  return {
    /** Every entity with its roles, in name order: two queries. */
    async list(): Promise<EntityRecord[]> {
      const [rows, roleRows] = await Promise.all([
        entities().selectAll().orderBy('name_key').execute(),
        db
          .selectFrom('entity_roles')
          .select(['entity_id', 'name'])
          .where('tenant_id', '=', tenantId)
          .where('bot_id', '=', botId)
          .orderBy('entity_id')
          .orderBy('position')
          .execute(),
      ]);
      const rolesOf = new Map<string, string[]>();
      for (const role of roleRows) {
        const list = rolesOf.get(role.entity_id);
        if (list) list.push(role.name);
        else rolesOf.set(role.entity_id, [role.name]);
      }
      return rows.map((row) => toEntity(row, rolesOf.get(row.id) ?? []));
    },

    /** One entity by name, ignoring case. */
    async get(name: string): Promise<EntityRecord | undefined> {
      const row = await entities().selectAll().where('name_key', '=', key(name)).executeTakeFirst();
      if (!row) return undefined;
      const roles = await db
        .selectFrom('entity_roles')
        .select('name')
        .where('tenant_id', '=', tenantId)
        .where('entity_id', '=', row.id)
        .orderBy('position')
        .execute();
      return toEntity(
        row,
        roles.map((r) => r.name),
      );
    },

    async create(entity: NewEntity): Promise<EntityRecord> {
      const now = nowIso();
      const id = sequentialId();
      await db
        .insertInto('entities')
        .values({
          id,
          tenant_id: tenantId,
          bot_id: botId,
          name: entity.name,
          name_key: key(entity.name),
          description: entity.description,
          type: entity.type,
          content: toJson(entity.content),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await insertRoles(id, entity.roles);
      return { id, botId, ...entity };
    },

    /** Changes the fields given; roles given replace the entity's roles. */
    async update(
      entityId: string,
      patch: Partial<{ name: string; description: string; content: StoredEntityContent; roles: string[] }>,
    ): Promise<void> {
      const values: Partial<EntityTable> = { updated_at: nowIso() };
      if (patch.name !== undefined) {
        values.name = patch.name;
        values.name_key = key(patch.name);
      }
      if (patch.description !== undefined) values.description = patch.description;
      if (patch.content !== undefined) values.content = toJson(patch.content);
      await db
        .updateTable('entities')
        .set(values)
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('id', '=', entityId)
        .execute();
      if (patch.roles !== undefined) {
        await db
          .deleteFrom('entity_roles')
          .where('tenant_id', '=', tenantId)
          .where('bot_id', '=', botId)
          .where('entity_id', '=', entityId)
          .execute();
        await insertRoles(entityId, patch.roles);
      }
    },

    async delete(entityId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('entities')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('id', '=', entityId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type EntityRepository = ReturnType<typeof entityRepository>;
