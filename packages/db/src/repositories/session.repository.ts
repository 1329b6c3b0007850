import type { Kysely } from 'kysely';
import { nowIso } from '../dialect';
import type { Database } from '../schema';

/** Sign-in sessions: a token is only good while its session row is neither revoked nor expired. */
export function sessionRepository(db: Kysely<Database>) {
  return {
    async create(session: {
      id: string;
      userId: string;
      expiresAt: string;
      idToken?: string;
    }): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          created_at: nowIso(),
          expires_at: session.expiresAt,
          revoked_at: null,
          id_token: session.idToken ?? null,
        })
        .execute();
    },
    async isActive(id: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('sessions')
        .select(['expires_at', 'revoked_at'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return !!row && row.revoked_at === null && row.expires_at > nowIso();
    },
    /** The directory's ID token of a session opened through the directory. */
    async idTokenOf(id: string): Promise<string | undefined> {
      const row = await db.selectFrom('sessions').select('id_token').where('id', '=', id).executeTakeFirst();
      return row?.id_token ?? undefined;
    },
    async revoke(id: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: nowIso() })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeAllForUser(userId: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: nowIso() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async deleteExpired(): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<', nowIso()).execute();
    },
  };
}
