import type { Kysely, Selectable } from 'kysely';
import { fromFlag, nowIso, toFlag } from '../dialect';
import type { Database, UserTable } from '../schema';

export type Identity = 'platform' | 'microsoft';
export type TenantRole = 'admin' | 'user';

export interface User {
  id: string;
  name: string;
  identity: Identity;
  passwordHash: string | null;
  directorySubject: string | null;
  selectedTenantId: string | null;
  autoPublish: boolean;
  autoValidation: boolean;
  createdAt: string;
}

const toUser = (row: Selectable<UserTable>): User => ({
  id: row.id,
  name: row.name,
  identity: row.identity,
  passwordHash: row.password_hash,
  directorySubject: row.directory_subject,
  selectedTenantId: row.selected_tenant_id,
  autoPublish: fromFlag(row.auto_publish),
  autoValidation: fromFlag(row.auto_validation),
  createdAt: row.created_at,
});

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** Users are global (one person, several tenants); their tenant memberships are rows of user_tenants. */
export function userRepository(db: Kysely<Database>) {
  return {
    async get(id: string): Promise<User | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', normaliseEmail(id))
        .executeTakeFirst();
      return row && toUser(row);
    },
    async getByDirectorySubject(subject: string): Promise<User | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('directory_subject', '=', subject)
        .executeTakeFirst();
      return row && toUser(row);
    },
    async create(user: {
      id: string;
      name: string;
      identity: Identity;
      passwordHash: string | null;
      directorySubject?: string | null;
      selectedTenantId: string | null;
    }): Promise<User> {
      const row = {
        id: normaliseEmail(user.id),
        name: user.name,
        identity: user.identity,
        password_hash: user.passwordHash,
        directory_subject: user.directorySubject ?? null,
        selected_tenant_id: user.selectedTenantId,
        auto_publish: 0,
        auto_validation: 0,
        created_at: nowIso(),
      };
      await db.insertInto('users').values(row).execute();
      return toUser(row);
    },
    async update(
      id: string,
      patch: Partial<
        Pick<
          User,
          'name' | 'passwordHash' | 'selectedTenantId' | 'autoPublish' | 'autoValidation' | 'directorySubject'
        >
      >,
    ): Promise<void> {
      const values: Partial<UserTable> = {};
      if (patch.name !== undefined) values.name = patch.name;
      if (patch.passwordHash !== undefined) values.password_hash = patch.passwordHash;
      if (patch.selectedTenantId !== undefined) values.selected_tenant_id = patch.selectedTenantId;
      if (patch.autoPublish !== undefined) values.auto_publish = toFlag(patch.autoPublish);
      if (patch.autoValidation !== undefined) values.auto_validation = toFlag(patch.autoValidation);
      if (patch.directorySubject !== undefined) values.directory_subject = patch.directorySubject;
      if (Object.keys(values).length === 0) return;
      await db.updateTable('users').set(values).where('id', '=', normaliseEmail(id)).execute();
    },
    async delete(id: string): Promise<void> {
      await db.deleteFrom('users').where('id', '=', normaliseEmail(id)).execute();
    },
    /** Every tenant membership of a user: tenant id to tenant role. */
    async memberships(userId: string): Promise<Array<{ tenantId: string; role: TenantRole }>> {
      const rows = await db
        .selectFrom('user_tenants')
        .select(['tenant_id', 'role'])
        .where('user_id', '=', normaliseEmail(userId))
        .execute();
      return rows.map((r) => ({ tenantId: r.tenant_id, role: r.role }));
    },
    async listAll(): Promise<User[]> {
      const rows = await db.selectFrom('users').selectAll().orderBy('id').execute();
      return rows.map(toUser);
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

export type UserRepository = ReturnType<typeof userRepository>;
