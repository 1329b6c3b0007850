import type { Kysely } from 'kysely';
import { nowIso } from '../dialect';
import type { Database } from '../schema';

/**
 * Single-use, expiring tokens (password reset links). Only a hash of the token is stored, so
 * a copy of the database does not hand out working links.
 */
export function passwordResetRepository(db: Kysely<Database>) {
  return {
    async create(entry: { tokenHash: string; userId: string; expiresAt: string }): Promise<void> {
      await db
        .insertInto('password_resets')
        .values({
          token_hash: entry.tokenHash,
          user_id: entry.userId,
          created_at: nowIso(),
          expires_at: entry.expiresAt,
          used_at: null,
        })
        .execute();
    },
    /** The user id of a usable token, or undefined when unknown, expired or used. */
    async findUsable(tokenHash: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('password_resets')
        .select(['user_id', 'expires_at', 'used_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row || row.used_at !== null || row.expires_at <= nowIso()) return undefined;
      return row.user_id;
    },
    /** Marks the token used; false when another request used it first. */
    async consume(tokenHash: string): Promise<boolean> {
      const result = await db
        .updateTable('password_resets')
        .set({ used_at: nowIso() })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Spends every open token of a user: once a password is set, older links must not work. */
    async spendAllFor(userId: string): Promise<void> {
      await db
        .updateTable('password_resets')
        .set({ used_at: nowIso() })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}

export function emailConfirmationRepository(db: Kysely<Database>) {
  return {
    async create(entry: {
      tokenHash: string;
      userId: string;
      tenantId: string;
      expiresAt: string;
    }): Promise<void> {
      await db
        .insertInto('email_confirmations')
        .values({
          token_hash: entry.tokenHash,
          user_id: entry.userId,
          tenant_id: entry.tenantId,
          created_at: nowIso(),
          expires_at: entry.expiresAt,
          used_at: null,
        })
        .execute();
    },
    /** Consumes a usable token and returns whom it confirms. */
    async consume(tokenHash: string): Promise<{ userId: string; tenantId: string } | undefined> {
      const row = await db
        .selectFrom('email_confirmations')
        .select(['user_id', 'tenant_id'])
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .executeTakeFirst();
      if (!row) return undefined;
      const result = await db
        .updateTable('email_confirmations')
        .set({ used_at: nowIso() })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0 ? { userId: row.user_id, tenantId: row.tenant_id } : undefined;
    },
  };
}
