import type { Kysely, Selectable } from 'kysely';
import { flagFor, fromJsonColumn, fromTimestamp, isUniqueViolation, nowIso, toJson } from '../dialect';
import type { Database, HandoverTable } from '../schema';
import { sequentialId } from '../sequential-id';

export type HandoverRecordStatus = 'queued' | 'active' | 'ended';

/** One handover of a conversation to a person. */
export interface HandoverRecord {
  id: string;
  botId: string;
  conversationId: string;
  status: HandoverRecordStatus;
  reason: string;
  agentId: string | null;
  queuedAt: string;
  takenAt: string | null;
  endedAt: string | null;
}

/** A turn of a handed-over conversation as the inbox reads it: who said what, when. */
export interface HandoverTurnRecord {
  id: string;
  seq: number;
  at: string;
  direction: 'in' | 'out';
  activity: unknown;
  /** The agent who wrote an 'out' turn; null for the bot's own. */
  agentId: string | null;
}

/** What decides whether the user was understood: a user's turn's recognition as logged. */
export interface LoggedRecognition {
  intent: string | null;
  /** Null when the turn ran no recognition (an answer to a waiting block, a message to an agent). */
  confidence: number | null;
}

const toHandover = (row: Selectable<HandoverTable>): HandoverRecord => ({
  id: row.id,
  botId: row.bot_id,
  conversationId: row.conversation_id,
  status: row.status as HandoverRecordStatus,
  reason: row.reason,
  agentId: row.agent_id,
  queuedAt: fromTimestamp(row.queued_at),
  takenAt: fromTimestamp(row.taken_at),
  endedAt: fromTimestamp(row.ended_at),
});

/** Tries to number a turn after the conversation's last; another writer at the same moment makes it try again. */

/**
 * The tenant's handovers (reached through `repos.forTenant(t).handovers`), across its bots: the
 * agent inbox lists them for every bot its agent answers. Taking and ending are conditional
 * UPDATEs, so among processes racing for one handover exactly one changes it.
 */
export function handoverRepository(db: Kysely<Database>, tenantId: string) {
  const handovers = () => db.selectFrom('handovers').where('tenant_id', '=', tenantId);
  /** The conversation's flag that its turns go to a person (what a turn reads instead of this table). */
  const markHandedOver = (conversationId: string, isHandedOver: boolean) =>
    db
      .updateTable('conversations')
      .set({ is_handed_over: flagFor(db, isHandedOver) })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', conversationId)
      .execute();

  return {
    /** The conversation's handover that is not over (queued or active), if any. */
    async openOf(conversationId: string): Promise<HandoverRecord | undefined> {
      const row = await handovers()
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .where('status', '<>', 'ended')
        .executeTakeFirst();
      return row && toHandover(row);
    },

    /** The conversation's latest handover, over or not. */
    async latestOf(conversationId: string): Promise<HandoverRecord | undefined> {
      const row = await handovers()
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .orderBy('queued_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && toHandover(row);
    },

    /**
     * Queues a conversation of a bot of this tenant for an agent; undefined when it already has an
     * open handover (the partial unique index refuses a second one, even from another process).
     */
    async queue(handover: {
      botId: string;
      conversationId: string;
      reason: string;
    }): Promise<HandoverRecord | undefined> {
      const row = {
        id: crypto.randomUUID(),
        tenant_id: tenantId,
        bot_id: handover.botId,
        conversation_id: handover.conversationId,
        status: 'queued',
        reason: handover.reason,
        agent_id: null,
        queued_at: nowIso(),
        taken_at: null,
        ended_at: null,
      };
      try {
        await db.insertInto('handovers').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
      await markHandedOver(handover.conversationId, true);
      return toHandover(row);
    },

    /** An agent takes a queued handover: true for the one caller whose UPDATE found it still queued. */
    async take(id: string, agentId: string): Promise<boolean> {
      const result = await db
        .updateTable('handovers')
        .set({ status: 'active', agent_id: agentId, taken_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Ends a handover that is still as the caller saw it (its status, and its agent when active):
     * true when this call ended it.
     */
    async end(id: string, seen: { status: HandoverRecordStatus; agentId: string | null }): Promise<boolean> {
      let query = db
        .updateTable('handovers')
        .set({ status: 'ended', ended_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('status', '=', seen.status);
      query =
        seen.agentId === null
          ? query.where('agent_id', 'is', null)
          : query.where('agent_id', '=', seen.agentId);
      const result = await query.executeTakeFirst();
      const hasEnded = Number(result.numUpdatedRows) === 1;
      if (hasEnded) {
        const ended = await handovers().select('conversation_id').where('id', '=', id).executeTakeFirst();
        if (ended) await markHandedOver(ended.conversation_id, false);
      }
      return hasEnded;
    },

    /** Open handovers of some bots, oldest first: the queue, or one agent's conversations. */
    async list(filter: {
      botIds: readonly string[];
      status: 'queued' | 'active';
      agentId?: string;
      limit?: number;
    }): Promise<HandoverRecord[]> {
      if (filter.botIds.length === 0) return [];
      let query = handovers()
        .selectAll()
        .where('bot_id', 'in', [...filter.botIds])
        .where('status', '=', filter.status);
      if (filter.agentId !== undefined) query = query.where('agent_id', '=', filter.agentId);
      const rows = await query
        .orderBy('queued_at')
        .orderBy('id')
        .limit(filter.limit ?? 200)
        .execute();
      return rows.map(toHandover);
    },

    /** The newest user message of each conversation given, as stored (for the inbox's list). */
    async lastUserActivities(
      botId: string,
      conversationIds: readonly string[],
    ): Promise<Map<string, unknown>> {
      const found = new Map<string, unknown>();
      if (conversationIds.length === 0) return found;
      const rows = await db
        .selectFrom('turns as t')
        .select(['t.conversation_id', 't.activity'])
        .where('t.tenant_id', '=', tenantId)
        .where('t.bot_id', '=', botId)
        .where('t.conversation_id', 'in', [...conversationIds])
        .where('t.direction', '=', 'in')
        .where(({ eb, selectFrom }) =>
          eb(
            't.seq',
            '=',
            selectFrom('turns as u')
              .select(({ fn }) => fn.max('u.seq').as('seq'))
              .whereRef('u.conversation_id', '=', 't.conversation_id')
              .where('u.direction', '=', 'in'),
          ),
        )
        .execute();
      for (const row of rows) found.set(row.conversation_id, fromJsonColumn<unknown>(row.activity, null));
      return found;
    },

    /** The recognition of a conversation's latest user turns, newest first: how long the bot has not understood. */
    async recentRecognitions(
      botId: string,
      conversationId: string,
      limit: number,
    ): Promise<LoggedRecognition[]> {
      const rows = await db
        .selectFrom('turns')
        .select(['intent', 'confidence'])
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('conversation_id', '=', conversationId)
        .where('direction', '=', 'in')
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        intent: row.intent,
        confidence: row.confidence === null ? null : Number(row.confidence),
      }));
    },

    /** How many of a conversation's user messages the sentiment engine scored negative. */
    async negativeMessages(botId: string, conversationId: string): Promise<number> {
      const row = await db
        .selectFrom('turns')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('conversation_id', '=', conversationId)
        .where('direction', '=', 'in')
        .where('sentiment', '<', 0)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** A conversation's turns in order, with the agent of each agent's message. */
    async turnsOf(botId: string, conversationId: string): Promise<HandoverTurnRecord[]> {
      const rows = await db
        .selectFrom('turns')
        .select(['id', 'seq', 'at', 'direction', 'activity', 'agent_id'])
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('conversation_id', '=', conversationId)
        .orderBy('seq')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        seq: Number(row.seq),
        at: fromTimestamp(row.at),
        direction: row.direction,
        activity: fromJsonColumn<unknown>(row.activity, null),
        agentId: row.agent_id ?? null,
      }));
    },

    /**
     * Appends a turn to a conversation of a bot of this tenant while it is with a person: the
     * user's message, an agent's, or the bot side's handover messages. The user and the agent
     * write from different processes at once; the unique (conversation, seq) index refuses the
     * second of two equal numbers, and that writer numbers again.
     */
    async appendTurn(
      botId: string,
      conversationId: string,
      turn: { direction: 'in' | 'out'; activity: unknown; agentId?: string | null },
    ): Promise<HandoverTurnRecord> {
      const row = await db.transaction().execute(async (trx) => {
        const at = nowIso();
        const reserved = await trx
          .updateTable('conversations')
          .set((eb) => ({ last_seq: eb('last_seq', '+', 1), last_activity_at: at }))
          .where('tenant_id', '=', tenantId)
          .where('id', '=', conversationId)
          .returning('last_seq')
          .executeTakeFirstOrThrow();
        const added = {
          id: sequentialId(),
          seq: Number(reserved.last_seq),
          conversation_id: conversationId,
          tenant_id: tenantId,
          bot_id: botId,
          at,
          direction: turn.direction,
          activity: toJson(turn.activity),
          intent: null,
          confidence: null,
          flow: null,
          hits: null,
          counted: null,
          agent_id: turn.agentId ?? null,
        };
        await trx.insertInto('turns').values(added).execute();
        return added;
      });
      return {
        id: row.id,
        seq: row.seq,
        at: row.at,
        direction: row.direction,
        activity: turn.activity,
        agentId: row.agent_id,
      };
    },
  };
}

export type HandoverRepository = ReturnType<typeof handoverRepository>;
