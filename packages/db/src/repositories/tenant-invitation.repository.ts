import type { Kysely } from 'kysely';
import { nowIso } from '../dialect';
import type { Database } from '../schema';

export interface TenantInvitation {
  tenantId: string;
  userId: string;
  invitedBy: string;
  expiresAt: string;
}

/**
 * Invitations of existing accounts to join a tenant: single use, expiring, stored as a hash of
 * the mailed token.
 */
export function tenantInvitationRepository(db: Kysely<Database>) {
  return {
    async create(entry: TenantInvitation & { tokenHash: string }): Promise<void> {
      await db
        .insertInto('tenant_invitations')
        .values({
          token_hash: entry.tokenHash,
          tenant_id: entry.tenantId,
          user_id: entry.userId,
          invited_by: entry.invitedBy,
          created_at: nowIso(),
          expires_at: entry.expiresAt,
          used_at: null,
        })
        .execute();
    },
    /** The invitation of a usable token, or undefined when unknown, expired or used. */
    async findUsable(tokenHash: string): Promise<TenantInvitation | undefined> {
      const row = await db
        .selectFrom('tenant_invitations')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row || row.used_at !== null || row.expires_at <= nowIso()) return undefined;
      return {
        tenantId: row.tenant_id,
        userId: row.user_id,
        invitedBy: row.invited_by,
        expiresAt: row.expires_at,
      };
    },
    /** Marks the token used; false when another request used it first or it expired. */
    async consume(tokenHash: string): Promise<boolean> {
      const result = await db
        .updateTable('tenant_invitations')
        .set({ used_at: nowIso() })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
