import { type Kysely, type Selectable, sql } from 'kysely';
import { fromFlag, isPostgres, nowIso, toFlag } from '../dialect';
import type { Database, TenantTable } from '../schema';

export interface Tenant {
  id: string;
  name: string;
  displayName: string;
  email: string;
  secretKey: string;
  planId: string;
  isMaster: boolean;
  isConfirmed: boolean;
  isDisabled: boolean;
  hasPremiumChannels: boolean;
  hasPremiumEngines: boolean;
  createdAt: string;
}

const toTenant = (row: Selectable<TenantTable>): Tenant => ({
  id: row.id,
  name: row.name,
  displayName: row.display_name,
  email: row.email,
  secretKey: row.secret_key,
  planId: row.plan_id,
  isMaster: fromFlag(row.is_master),
  isConfirmed: fromFlag(row.is_confirmed),
  isDisabled: fromFlag(row.is_disabled),
  hasPremiumChannels: fromFlag(row.has_premium_channels),
  hasPremiumEngines: fromFlag(row.has_premium_engines),
  createdAt: row.created_at,
});

export type NewTenant = Pick<Tenant, 'id' | 'name' | 'displayName' | 'email' | 'secretKey' | 'planId'> &
  Partial<Pick<Tenant, 'isMaster' | 'isConfirmed'>>;

/** Tenants themselves: the one table that is not scoped by a tenant id. */
export function tenantRepository(db: Kysely<Database>) {
  return {
    /** Whether another tenant already shows this name (trimmed, letter case ignored). */
    async isNameTaken(name: string, exceptId?: string): Promise<boolean> {
      let query = db
        .selectFrom('tenants')
        .select('id')
        .where(sql<string>`lower(trim(display_name))`, '=', name.trim().toLowerCase());
      if (exceptId) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },
    /**
     * Inside a transaction: holds the tenant's row until the transaction ends, so checks of a
     * cap (seats, bots) and the insert they guard run one tenant-transaction at a time. SQLite
     * needs no lock: its one connection runs one transaction at a time already.
     */
    async lock(id: string): Promise<void> {
      if (!isPostgres(db as unknown as Kysely<never>)) return;
      await db.selectFrom('tenants').select('id').where('id', '=', id).forUpdate().execute();
    },
    async get(id: string): Promise<Tenant | undefined> {
      const row = await db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toTenant(row);
    },
    async getMaster(): Promise<Tenant | undefined> {
      const row = await db.selectFrom('tenants').selectAll().where('is_master', '=', 1).executeTakeFirst();
      return row && toTenant(row);
    },
    async list(): Promise<Tenant[]> {
      const rows = await db.selectFrom('tenants').selectAll().orderBy('created_at').orderBy('id').execute();
      return rows.map(toTenant);
    },
    async listByIds(ids: string[]): Promise<Tenant[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('tenants')
        .selectAll()
        .where('id', 'in', ids)
        .orderBy('created_at')
        .execute();
      return rows.map(toTenant);
    },
    async create(tenant: NewTenant): Promise<Tenant> {
      const row = {
        id: tenant.id,
        name: tenant.name,
        display_name: tenant.displayName,
        email: tenant.email,
        secret_key: tenant.secretKey,
        plan_id: tenant.planId,
        is_master: toFlag(tenant.isMaster ?? false),
        is_confirmed: toFlag(tenant.isConfirmed ?? true),
        is_disabled: 0,
        has_premium_channels: 0,
        has_premium_engines: 0,
        created_at: nowIso(),
      };
      await db.insertInto('tenants').values(row).execute();
      return toTenant(row);
    },
    async update(
      id: string,
      patch: Partial<
        Pick<Tenant, 'displayName' | 'email' | 'secretKey' | 'planId' | 'isConfirmed' | 'isDisabled'>
      >,
    ): Promise<void> {
      const values: Partial<TenantTable> = {};
      if (patch.displayName !== undefined) values.display_name = patch.displayName;
      if (patch.email !== undefined) values.email = patch.email;
      if (patch.secretKey !== undefined) values.secret_key = patch.secretKey;
      if (patch.planId !== undefined) values.plan_id = patch.planId;
      if (patch.isConfirmed !== undefined) values.is_confirmed = toFlag(patch.isConfirmed);
      if (patch.isDisabled !== undefined) values.is_disabled = toFlag(patch.isDisabled);
      if (Object.keys(values).length === 0) return;
      await db.updateTable('tenants').set(values).where('id', '=', id).execute();
    },
    async delete(id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('tenants')
        .where('id', '=', id)
        .where('is_master', '=', 0)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('tenants')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

export type TenantRepository = ReturnType<typeof tenantRepository>;
