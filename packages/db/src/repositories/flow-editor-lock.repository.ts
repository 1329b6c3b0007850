import { type Kysely, sql } from 'kysely';
import { fromTimestamp } from '../dialect';
import type { Database } from '../schema';

/** Who asks for a bot's editor lock: a sign-in session of a user. */
export interface EditorLockHolder {
  sessionId: string;
  userId: string;
}

/** The answer to a take: held by the caller (with since when and until when), or by someone else. */
export type EditorLockTake =
  | { isHeld: true; takenAt: string; expiresAt: string }
  | { isHeld: false; expiresAt: string | undefined };

/**
 * One tenant's flow editor locks, one row per bot (reached through `repos.forTenant(t).editorLocks`).
 * Times are given by the caller (`now`), so the expiry is the caller's clock and tests need no sleep.
 */
export function flowEditorLockRepository(db: Kysely<Database>, tenantId: string) {
  async function takeOnce(
    botId: string,
    holder: EditorLockHolder,
    now: Date,
    ttlMs: number,
  ): Promise<EditorLockTake> {
    const at = now.toISOString();
    const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
    const taken = await db
      .insertInto('flow_editor_locks')
      .values({
        bot_id: botId,
        tenant_id: tenantId,
        session_id: holder.sessionId,
        user_id: holder.userId,
        taken_at: at,
        expires_at: expiresAt,
      })
      .onConflict((conflict) =>
        conflict
          .column('bot_id')
          .doUpdateSet({
            session_id: (eb) => eb.ref('excluded.session_id'),
            user_id: (eb) => eb.ref('excluded.user_id'),
            // A refresh keeps the start of the hold; a take-over starts a new one.
            taken_at: sql`case when flow_editor_locks.session_id = excluded.session_id then flow_editor_locks.taken_at else excluded.taken_at end`,
            expires_at: (eb) => eb.ref('excluded.expires_at'),
          })
          .where((eb) =>
            eb.and([
              eb('flow_editor_locks.tenant_id', '=', tenantId),
              eb.or([
                eb('flow_editor_locks.session_id', '=', holder.sessionId),
                eb('flow_editor_locks.expires_at', '<=', at),
              ]),
            ]),
          ),
      )
      .returning(['taken_at', 'expires_at'])
      .executeTakeFirst();
    if (taken)
      return {
        isHeld: true,
        takenAt: fromTimestamp(taken.taken_at),
        expiresAt: fromTimestamp(taken.expires_at),
      };
    const other = await db
      .selectFrom('flow_editor_locks')
      .select('expires_at')
      .where('tenant_id', '=', tenantId)
      .where('bot_id', '=', botId)
      .executeTakeFirst();
    return { isHeld: false, expiresAt: other ? fromTimestamp(other.expires_at) : undefined };
  }

  return {
    /**
     * Takes the bot's lock for `holder`, or refreshes it when the holder has it already, until
     * `now + ttlMs`. One statement: the insert, or on a conflict the update whose condition
     * (same holder, or an expired lock) is checked against the row as it is when the update runs
     * (PostgreSQL locks the conflicting row; SQLite writes one statement at a time), so two
     * processes asking at once never both hold it.
     */
    async take(botId: string, holder: EditorLockHolder, now: Date, ttlMs: number): Promise<EditorLockTake> {
      // The holder may let go between the two statements: then the lock is free, so ask again.
      for (let attempt = 1; ; attempt++) {
        const answer = await takeOnce(botId, holder, now, ttlMs);
        if (answer.isHeld || answer.expiresAt !== undefined || attempt === 3) return answer;
      }
    },

    /** Frees the bot's lock if this session holds it; anyone else's lock stays. True when one was freed. */
    async release(botId: string, sessionId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('flow_editor_locks')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
