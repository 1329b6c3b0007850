import type { Kysely, Selectable } from 'kysely';
import { fromTimestamp, nowIso } from '../dialect';
import type { ConsentDecisionTable, Database } from '../schema';

/** What a user answered to the consent question: agreed, rejected, or rejected and turned the bot off. */
export type ConsentDecision = 'agreed' | 'rejected' | 'disabled';

export interface ConsentDecisionRecord {
  id: string;
  conversationId: string;
  userKey: string;
  channel: string;
  decision: ConsentDecision;
  decidedAt: string;
}

const DECISIONS: readonly ConsentDecision[] = ['agreed', 'rejected', 'disabled'];

const toRecord = (row: Selectable<ConsentDecisionTable>): ConsentDecisionRecord => ({
  id: row.id,
  conversationId: row.conversation_id,
  userKey: row.user_key,
  channel: row.channel,
  decision: row.decision as ConsentDecision,
  decidedAt: fromTimestamp(row.decided_at),
});

/**
 * One bot's consent decisions (reached through `repos.forTenant(t).consents(botId)`). Rows are
 * only added: a user who changes their mind adds a decision, so the CSV shows the whole story.
 */
export function consentRepository(db: Kysely<Database>, tenantId: string, botId: string) {
  return {
    /** Records a decision taken now (or at `decidedAt`); the runtime calls this when a user answers. */
    async recordConsent(entry: {
      conversationId: string;
      userKey: string;
      channel: string;
      decision: ConsentDecision;
      decidedAt?: string;
    }): Promise<ConsentDecisionRecord> {
      if (!DECISIONS.includes(entry.decision)) throw new Error(`unknown consent decision ${entry.decision}`);
      const row = {
        id: crypto.randomUUID(),
        tenant_id: tenantId,
        bot_id: botId,
        conversation_id: entry.conversationId,
        user_key: entry.userKey,
        channel: entry.channel,
        decision: entry.decision,
        decided_at: entry.decidedAt ?? nowIso(),
      };
      await db.insertInto('consent_decisions').values(row).execute();
      return toRecord(row);
    },
    /** Every decision of the bot, oldest first. */
    async list(): Promise<ConsentDecisionRecord[]> {
      const rows = await db
        .selectFrom('consent_decisions')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .orderBy('decided_at')
        .orderBy('id')
        .execute();
      return rows.map(toRecord);
    },
    /** The user's latest decision in this bot, if they ever answered. */
    async latestOf(userKey: string): Promise<ConsentDecisionRecord | undefined> {
      const row = await db
        .selectFrom('consent_decisions')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('user_key', '=', userKey)
        .orderBy('decided_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row && toRecord(row);
    },
  };
}
