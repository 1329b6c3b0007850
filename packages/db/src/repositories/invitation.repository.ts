import type { Kysely, Selectable } from 'kysely';
import { fromFlag, nowIso, toFlag } from '../dialect';
import type { Database, InvitationCodeTable } from '../schema';

export type InvitationKind = InvitationCodeTable['kind'];

export interface InvitationCode {
  code: string;
  kind: InvitationKind;
  requiresConfirmation: boolean;
  createdAt: string;
  expiresAt: string | null;
  usedAt: string | null;
  usedBy: string | null;
}

const toInvitation = (row: Selectable<InvitationCodeTable>): InvitationCode => ({
  code: row.code,
  kind: row.kind,
  requiresConfirmation: fromFlag(row.requires_confirmation),
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
  usedBy: row.used_by,
});

export function invitationRepository(db: Kysely<Database>) {
  return {
    async create(code: {
      code: string;
      kind: InvitationKind;
      requiresConfirmation: boolean;
      expiresAt: string | null;
    }) {
      await db
        .insertInto('invitation_codes')
        .values({
          code: code.code,
          kind: code.kind,
          requires_confirmation: toFlag(code.requiresConfirmation),
          created_at: nowIso(),
          expires_at: code.expiresAt,
          used_at: null,
          used_by: null,
        })
        .execute();
    },
    async findUsable(code: string): Promise<InvitationCode | undefined> {
      const row = await db
        .selectFrom('invitation_codes')
        .selectAll()
        .where('code', '=', code)
        .executeTakeFirst();
      if (!row || row.used_at !== null || (row.expires_at !== null && row.expires_at <= nowIso()))
        return undefined;
      return toInvitation(row);
    },
    /** Marks a code used; false when it was used meanwhile (codes are single use). */
    async consume(code: string, userId: string): Promise<boolean> {
      const result = await db
        .updateTable('invitation_codes')
        .set({ used_at: nowIso(), used_by: userId })
        .where('code', '=', code)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async list(): Promise<InvitationCode[]> {
      const rows = await db.selectFrom('invitation_codes').selectAll().orderBy('created_at').execute();
      return rows.map(toInvitation);
    },
  };
}
