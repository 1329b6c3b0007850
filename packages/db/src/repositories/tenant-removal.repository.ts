import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * Deleting a tenant with everything it owns. Run it inside a transaction (the caller's): it
 * opens none itself, so it composes with the account clean-up that follows it.
 */
export function tenantRemovalRepository(db: Kysely<Database>) {
  return {
    /** Removes a child tenant and its data; returns the ids of its former members, or undefined if none was removed. */
    async remove(tenantId: string): Promise<string[] | undefined> {
      const tenant = await db
        .selectFrom('tenants')
        .select('id')
        .where('id', '=', tenantId)
        .where('is_master', '=', 0)
        .executeTakeFirst();
      if (!tenant) return undefined;
      const members = await db
        .selectFrom('user_tenants')
        .select('user_id')
        .where('tenant_id', '=', tenantId)
        .execute();
      // Explicit deletes rather than trusting cascades: audit rows and confirmations have no foreign key.
      await db.deleteFrom('audit_log').where('tenant_id', '=', tenantId).execute();
      await db.deleteFrom('email_confirmations').where('tenant_id', '=', tenantId).execute();
      await db.deleteFrom('tenant_invitations').where('tenant_id', '=', tenantId).execute();
      await db.deleteFrom('bot_roles').where('tenant_id', '=', tenantId).execute();
      await db.deleteFrom('role_permissions').where('tenant_id', '=', tenantId).execute();
      await db.deleteFrom('roles').where('tenant_id', '=', tenantId).execute();
      await db.deleteFrom('user_tenants').where('tenant_id', '=', tenantId).execute();
      await db
        .updateTable('users')
        .set({ selected_tenant_id: null })
        .where('selected_tenant_id', '=', tenantId)
        .execute();
      await db.deleteFrom('tenants').where('id', '=', tenantId).execute();
      return members.map((m) => m.user_id);
    },
  };
}
