import type { Kysely, Selectable } from 'kysely';
import { nowIso } from '../dialect';
import type { Database, OutboxTable } from '../schema';

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  sentAt: string | null;
}

const toMail = (r: Selectable<OutboxTable>): OutboxMail => ({
  id: r.id,
  to: r.to_address,
  subject: r.subject,
  text: r.text_body,
  createdAt: r.created_at,
  sentAt: r.sent_at,
});

/** Every mail the platform sends is written here first; without SMTP it stays here to be read. */
export function outboxRepository(db: Kysely<Database>) {
  return {
    async add(mail: { to: string; subject: string; text: string }): Promise<string> {
      const id = crypto.randomUUID();
      await db
        .insertInto('outbox')
        .values({
          id,
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          created_at: nowIso(),
          sent_at: null,
        })
        .execute();
      return id;
    },
    async markSent(id: string): Promise<void> {
      await db.updateTable('outbox').set({ sent_at: nowIso() }).where('id', '=', id).execute();
    },
    async listFor(to: string): Promise<OutboxMail[]> {
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .where('to_address', '=', to)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toMail);
    },
    /** Every mail, oldest first (the operators' `outbox` command). */
    async listAll(): Promise<OutboxMail[]> {
      const rows = await db.selectFrom('outbox').selectAll().orderBy('created_at').orderBy('id').execute();
      return rows.map(toMail);
    },
  };
}
