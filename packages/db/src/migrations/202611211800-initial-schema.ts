import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('max_free_bots', 'integer', (c) => c.notNull())
    .addColumn('max_free_users', 'integer', (c) => c.notNull())
    .addColumn('max_free_interactions', 'integer', (c) => c.notNull())
    .addColumn('has_additional_bots_cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_additional_users_cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_additional_interactions_cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();

  await db.schema
    .createTable('tenants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('secret_key', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
    .addColumn('is_master', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_confirmed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_premium_channels', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_premium_engines', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('identity', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('directory_subject', 'text', (c) => c.unique())
    .addColumn('selected_tenant_id', 'text')
    .addColumn('auto_publish', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auto_validation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_tenants')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_tenants_pk', ['user_id', 'tenant_id'])
    .execute();
  await db.schema.createIndex('user_tenants_tenant').on('user_tenants').column('tenant_id').execute();

  await db.schema
    .createTable('roles')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('role_name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('roles_pk', ['tenant_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('role_permissions')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('permission_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_permissions_pk', ['tenant_id', 'role_id', 'permission_id'])
    .addForeignKeyConstraint(
      'role_permissions_role',
      ['tenant_id', 'role_id'],
      'roles',
      ['tenant_id', 'role_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('bot_roles')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bot_roles_pk', ['tenant_id', 'user_id', 'bot_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('invitation_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('requires_confirmation', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'text')
    .execute();

  for (const table of ['password_resets', 'email_confirmations'] as const) {
    let builder = db.schema
      .createTable(table)
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'));
    if (table === 'email_confirmations') builder = builder.addColumn('tenant_id', 'text', (c) => c.notNull());
    await builder
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
  }

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_tenant_time')
    .on('audit_log')
    .columns(['tenant_id', 'created_at'])
    .execute();
}
