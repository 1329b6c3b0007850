import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { normaliseEmail, type TenantRole } from './user.repository';

export interface Membership {
  userId: string;
  tenantId: string;
  role: TenantRole;
}

/**
 * Memberships across tenants: what only the master tenant's administrators see (their Users
 * tab) and what account clean-up needs. Everything within one tenant goes through forTenant.
 */
export function membershipRepository(db: Kysely<Database>) {
  return {
    async all(): Promise<Membership[]> {
      const rows = await db
        .selectFrom('user_tenants')
        .select(['user_id', 'tenant_id', 'role'])
        .orderBy('user_id')
        .orderBy('tenant_id')
        .execute();
      return rows.map((r) => ({ userId: r.user_id, tenantId: r.tenant_id, role: r.role }));
    },
    /**
     * Deletes those of the given accounts that belong to no tenant any more (their sessions,
     * reset links and bot roles go with them). Returns the deleted ids.
     */
    async deleteOrphanUsers(userIds: string[]): Promise<string[]> {
      const ids = [...new Set(userIds.map(normaliseEmail))];
      if (ids.length === 0) return [];
      const stillMembers = await db
        .selectFrom('user_tenants')
        .select('user_id')
        .where('user_id', 'in', ids)
        .execute();
      const keep = new Set(stillMembers.map((r) => r.user_id));
      const orphans = ids.filter((id) => !keep.has(id));
      if (orphans.length === 0) return [];
      await db.deleteFrom('users').where('id', 'in', orphans).execute();
      return orphans;
    },
  };
}
