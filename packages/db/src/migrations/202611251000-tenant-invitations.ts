import type { Kysely } from 'kysely';

/**
 * Invitations to join a tenant, for people who already have an account: an account
 * administrator no longer attaches someone else's account; the person accepts a mailed link.
 * Only a hash of the link's token is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenant_invitations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('tenant_invitations_tenant_user')
    .on('tenant_invitations')
    .columns(['tenant_id', 'user_id'])
    .execute();
}
