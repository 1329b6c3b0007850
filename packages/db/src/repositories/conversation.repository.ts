import { type Kysely, type Selectable, sql } from 'kysely';
import { flagFor, fromFlag, fromJsonColumn, fromTimestamp, isPostgres, nowIso, toJson } from '../dialect';
import type { ConversationTable, Database, TurnTable } from '../schema';
import { sequentialId } from '../sequential-id';
import { conversationHotQueries, type TurnRow } from './conversation-hot-queries';
import { turnWriterOf } from './turn-writer';

export interface ConversationRecord {
  id: string;
  botId: string;
  channel: string;
  userKey: string;
  language: string;
  isTest: boolean;
  /** Started with 'Disable analytics' on: logged, but analytics leave it out. */
  isAnalyticsDisabled: boolean;
  /** An end block counted it as handled without a person. */
  isTouchless: boolean;
  startedAt: string;
  lastActivityAt: string;
  endedAt: string | null;
  /** The runtime's state of the conversation (where it waits, its variables). */
  state: Record<string, unknown>;
  /** Turns taken so far; what `storeTurn` checks. */
  turnCount: number;
  /** The seq of its last logged activity. */
  lastSeq: number;
  /** A handover of it is open: the user talks with a person, not the bot. */
  isHandedOver: boolean;
}

export type TurnDirection = 'in' | 'out';

export interface NewTurn {
  direction: TurnDirection;
  /** The normalised activity: what the user sent or what the bot answered. */
  activity: unknown;
  intent?: string | null;
  confidence?: number | null;
  flow?: string | null;
  /** The blocks this turn stepped through, in order. */
  hits?: TurnHit[] | null;
  /** Values counted by User Statistics blocks. */
  counted?: Array<{ variable: string; value: unknown }> | null;
  /** A user's message's sentiment score (negative below 0), when it was scored. */
  sentiment?: number | null;
  /**
   * When the activity came in (the user's) or was ready to go out (the bot's); the time the turn
   * is stored when not given. A turn is stored after it is answered, so its rows say when.
   */
  at?: string;
}

/** A block a turn stepped through: whose flow (an intent's or a sub flow's), which version, which block. */
export interface TurnHit {
  flow: string;
  owner: 'intent' | 'function';
  version: number | null;
  blockId: string;
}

export interface TurnRecord extends Required<NewTurn> {
  id: string;
  conversationId: string;
  /** Its place in the conversation's log (1, 2, ...). */
  seq: number;
  at: string;
  /** The person of the team who wrote a sent message of a handed-over conversation; null for the bot's own. */
  agentId: string | null;
}

const toConversation = (row: Selectable<ConversationTable>): ConversationRecord => ({
  id: row.id,
  botId: row.bot_id,
  channel: row.channel,
  userKey: row.user_key,
  language: row.language,
  isTest: fromFlag(row.is_test),
  isAnalyticsDisabled: fromFlag(row.is_analytics_disabled),
  isTouchless: fromFlag(row.is_touchless),
  startedAt: fromTimestamp(row.started_at),
  lastActivityAt: fromTimestamp(row.last_activity_at),
  endedAt: fromTimestamp(row.ended_at),
  state: fromJsonColumn<Record<string, unknown>>(row.state, {}),
  turnCount: Number(row.turn_count),
  lastSeq: Number(row.last_seq ?? 0),
  isHandedOver: fromFlag(row.is_handed_over),
});

const toTurn = (row: Selectable<TurnTable>): TurnRecord => ({
  id: row.id,
  conversationId: row.conversation_id,
  seq: Number(row.seq),
  at: fromTimestamp(row.at),
  direction: row.direction,
  activity: fromJsonColumn<unknown>(row.activity, null),
  intent: row.intent,
  confidence: row.confidence === null ? null : Number(row.confidence),
  flow: row.flow,
  hits: fromJsonColumn<TurnHit[] | null>(row.hits, null),
  counted: fromJsonColumn<Array<{ variable: string; value: unknown }> | null>(row.counted, null),
  agentId: row.agent_id ?? null,
  sentiment: row.sentiment === null || row.sentiment === undefined ? null : Number(row.sentiment),
});

/**
 * One bot's conversations and their turns (reached through `repos.forTenant(t).conversations(botId)`).
 * Turns are only appended: what the bot was told and answered stays as it was; statistics are
 * counted from them.
 */
export function conversationRepository(db: Kysely<Database>, tenantId: string, botId: string) {
  const conversations = () =>
    db.selectFrom('conversations').where('tenant_id', '=', tenantId).where('bot_id', '=', botId);
  const turns = () => db.selectFrom('turns').where('tenant_id', '=', tenantId).where('bot_id', '=', botId);
  /** Turns analytics count: not those of conversations started with 'Disable analytics'. */
  const countedTurns = () =>
    turns().where('conversation_id', 'not in', (eb) =>
      eb
        .selectFrom('conversations')
        .select('conversations.id')
        .where('conversations.tenant_id', '=', tenantId)
        .where('conversations.bot_id', '=', botId)
        .where('conversations.is_analytics_disabled', '=', flagFor(db, true)),
    );

  const hot = conversationHotQueries(db, tenantId, botId);

  /** A logged activity's row, numbered `seq`. */
  const turnRow = (conversationId: string, turn: NewTurn, seq: number, at: string): TurnRow => ({
    id: sequentialId(),
    seq,
    conversation_id: conversationId,
    at: turn.at ?? at,
    direction: turn.direction,
    activity: toJson(turn.activity),
    intent: turn.intent ?? null,
    confidence: turn.confidence ?? null,
    flow: turn.flow ?? null,
    hits: turn.hits ? toJson(turn.hits) : null,
    counted: turn.counted ? toJson(turn.counted) : null,
    sentiment: turn.sentiment ?? null,
  });

  /**
   * Logs activities after the conversation's last: their numbers are taken from the conversation's
   * `last_seq` by the UPDATE that moves it, so two writers (the user's process and an agent's)
   * never take the same. Undefined when the conversation is not this bot's.
   */
  async function insertTurns(conversationId: string, added: readonly NewTurn[]) {
    if (added.length === 0) return [];
    return db.transaction().execute(async (trx) => {
      const at = nowIso();
      const last = await hot.in(trx).reserveSeqs(conversationId, added.length, at);
      if (last === undefined) return undefined;
      const rows = added.map((turn, index) =>
        turnRow(conversationId, turn, last - added.length + 1 + index, at),
      );
      await hot.in(trx).insertTurns(rows);
      return rows.map((row) => ({ id: row.id, seq: row.seq, at: row.at }));
    });
  }

  return {
    async start(conversation: {
      channel: string;
      userKey: string;
      language: string;
      isTest: boolean;
      isAnalyticsDisabled?: boolean;
      state?: Record<string, unknown>;
    }): Promise<ConversationRecord> {
      const now = nowIso();
      const id = crypto.randomUUID();
      await db
        .insertInto('conversations')
        .values({
          id,
          tenant_id: tenantId,
          bot_id: botId,
          channel: conversation.channel,
          user_key: conversation.userKey,
          language: conversation.language,
          is_test: flagFor(db, conversation.isTest),
          is_analytics_disabled: flagFor(db, conversation.isAnalyticsDisabled ?? false),
          started_at: now,
          last_activity_at: now,
          ended_at: null,
          state: toJson(conversation.state ?? {}),
          turn_count: 0,
        })
        .execute();
      return (await this.get(id)) as ConversationRecord;
    },

    async get(id: string): Promise<ConversationRecord | undefined> {
      const row = await hot.in(db).conversation(id);
      return row && toConversation(row);
    },

    /** Several of the bot's conversations by id (those that are not its are left out). */
    async getMany(ids: readonly string[]): Promise<ConversationRecord[]> {
      if (ids.length === 0) return [];
      const rows = await conversations()
        .selectAll()
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return rows.map(toConversation);
    },

    /** The user's most recent conversation on a channel, if it was active since then: what a returning user continues. */
    async latestOf(who: {
      channel: string;
      userKey: string;
      activeSince: string;
    }): Promise<ConversationRecord | undefined> {
      const row = await conversations()
        .selectAll()
        .where('channel', '=', who.channel)
        .where('user_key', '=', who.userKey)
        .where('last_activity_at', '>=', who.activeSince)
        .orderBy('last_activity_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && toConversation(row);
    },

    /**
     * The newest first, as the conversation log lists them. `isLogged`: only those with something
     * in their log (a chat opened and closed without a word has none).
     */
    async list(
      options: { isTest?: boolean; limit?: number; activeSince?: string; isLogged?: boolean } = {},
    ): Promise<ConversationRecord[]> {
      let query = conversations().selectAll();
      if (options.isTest !== undefined) query = query.where('is_test', '=', flagFor(db, options.isTest));
      if (options.isLogged) query = query.where('last_seq', '>', 0);
      if (options.activeSince !== undefined)
        query = query.where('last_activity_at', '>=', options.activeSince);
      const rows = await query
        .orderBy('last_activity_at', 'desc')
        .limit(options.limit ?? 100)
        .execute();
      return rows.map(toConversation);
    },

    /**
     * Conversations in the order they started, `limit` at a time after the cursor (the last one
     * of the previous page): what a download walks through without loading them all.
     */
    async pageByStart(
      after: { startedAt: string; id: string } | null,
      limit: number,
    ): Promise<ConversationRecord[]> {
      let query = conversations().selectAll();
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('started_at', '>', after.startedAt),
            eb.and([eb('started_at', '=', after.startedAt), eb('id', '>', after.id)]),
          ]),
        );
      }
      const rows = await query.orderBy('started_at').orderBy('id').limit(limit).execute();
      return rows.map(toConversation);
    },

    /**
     * A turn at once, in one transaction (shared with the turns of other conversations that finish
     * meanwhile: turn-writer.ts): its state is stored if no other turn was stored since the state
     * was read (`readAtTurn`, the conversation's turnCount then), and its activities are logged
     * numbered after the conversation's last. Undefined when another process took a turn meanwhile
     * (nothing is written); else the seq of each logged activity, in order.
     */
    async storeTurn(
      id: string,
      readAtTurn: number,
      turn: { state: Record<string, unknown>; isTouchless: boolean; log: readonly NewTurn[] },
    ): Promise<{ seqs: number[] } | undefined> {
      const at = nowIso();
      return turnWriterOf(db).store({
        tenantId,
        botId,
        conversationId: id,
        readAtTurn,
        state: toJson(turn.state),
        at,
        isTouchless: turn.isTouchless,
        logged: turn.log.length,
        log: (first) => turn.log.map((logged, index) => turnRow(id, logged, first + index, at)),
      });
    },

    /**
     * A user's right to have their data removed: every other conversation of the user with this
     * bot goes with its turns, and `current` keeps only its row (its turns go, its state empties),
     * so the channel the user talks in goes on working. Answers the ids of the user's
     * conversations (`current` among them), whose files the caller removes from the blob store.
     */
    async removeUserData(userKey: string, current: string): Promise<string[]> {
      const owned = await db
        .selectFrom('conversations')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('user_key', '=', userKey)
        .execute();
      await db
        .deleteFrom('turns')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('conversation_id', 'in', (eb) =>
          eb
            .selectFrom('conversations')
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('bot_id', '=', botId)
            .where('user_key', '=', userKey),
        )
        .execute();
      await db
        .deleteFrom('conversations')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('user_key', '=', userKey)
        .where('id', '!=', current)
        .execute();
      await db
        .updateTable('conversations')
        .set({ state: toJson({}) })
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('id', '=', current)
        .execute();
      return [...new Set([current, ...owned.map((row) => row.id)])];
    },

    async end(id: string): Promise<void> {
      await db
        .updateTable('conversations')
        .set({ ended_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .execute();
    },

    /** Appends a turn to a conversation of this bot (another bot's conversation: nothing, undefined). */
    async appendTurn(conversationId: string, turn: NewTurn): Promise<TurnRecord | undefined> {
      const logged = await insertTurns(conversationId, [turn]);
      if (!logged?.[0]) return undefined;
      const { id, seq, at } = logged[0];
      return {
        id,
        conversationId,
        seq,
        at,
        intent: null,
        confidence: null,
        flow: null,
        hits: null,
        counted: null,
        agentId: null,
        ...turn,
        sentiment: turn.sentiment ?? null,
      };
    },

    /**
     * The blocks turns stepped through since a time, one turn's hits at a time, read in batches
     * (a busy bot's turns are never all in memory). Analytics-disabled conversations are left out.
     */
    async *hitsSince(since: string, batchSize = 2000): AsyncGenerator<TurnHit[]> {
      // The last row read, as the database gave its time (a Date on PostgreSQL), to go on after it.
      let after: { at: Date | string; id: string } | undefined;
      for (;;) {
        let query = countedTurns()
          .select(['id', 'at', 'hits'])
          .where('at', '>=', since)
          .where('hits', 'is not', null);
        if (after) {
          const { at, id } = after;
          query = query.where((eb) =>
            eb.or([eb('at', '>', at), eb.and([eb('at', '=', at), eb('id', '>', id)])]),
          );
        }
        const rows = await query.orderBy('at').orderBy('id').limit(batchSize).execute();
        for (const row of rows) yield fromJsonColumn<TurnHit[]>(row.hits, []);
        const last = rows.at(-1);
        if (!last || rows.length < batchSize) return;
        after = { at: last.at, id: last.id };
      }
    },

    /** A conversation's turns in the order they happened. */
    async turnsOf(conversationId: string): Promise<TurnRecord[]> {
      const rows = await turns()
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .orderBy('seq')
        .execute();
      return rows.map(toTurn);
    },

    /**
     * The turns logged after `since` (of one conversation, or of all), oldest first: the newest
     * `limit` of them when there are more.
     */
    async turnsSince(
      since: string,
      options: { conversationId?: string; limit: number },
    ): Promise<TurnRecord[]> {
      let query = turns().selectAll().where('at', '>', since);
      if (options.conversationId !== undefined)
        query = query.where('conversation_id', '=', options.conversationId);
      const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
      return rows.reverse().map(toTurn);
    },

    /** A conversation's turns numbered in [fromSeq, toSeq), in order. */
    async turnsBetweenSeqs(conversationId: string, fromSeq: number, toSeq: number): Promise<TurnRecord[]> {
      const rows = await turns()
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .where('seq', '>=', fromSeq)
        .where('seq', '<', toSeq)
        .orderBy('seq')
        .execute();
      return rows.map(toTurn);
    },

    /**
     * The rating cards (Show Rating blocks) the bot sent in [from, to), `batchSize` at a time in
     * the order they were sent, each with the users' turns of its conversation after it until
     * `answersUntil`: where a rating's answer is found. Analytics-disabled conversations are left out.
     */
    async *ratingCardsBetween(
      from: string,
      to: string,
      answersUntil: string,
      batchSize = 500,
    ): AsyncGenerator<Array<{ card: TurnRecord; later: TurnRecord[] }>> {
      const isRating = isPostgres(db)
        ? sql<boolean>`activity->>'type' = 'rating'`
        : sql<boolean>`json_extract(activity, '$.type') = 'rating'`;
      let after: { at: Date | string; id: string } | undefined;
      for (;;) {
        let query = countedTurns()
          .selectAll()
          .where('direction', '=', 'out')
          .where('at', '>=', from)
          .where('at', '<', to)
          .where(isRating);
        if (after) {
          const { at, id } = after;
          query = query.where((eb) =>
            eb.or([eb('at', '>', at), eb.and([eb('at', '=', at), eb('id', '>', id)])]),
          );
        }
        const rows = await query.orderBy('at').orderBy('id').limit(batchSize).execute();
        const cards = rows.map(toTurn);
        const first = cards[0];
        if (first) {
          const later = await turns()
            .selectAll()
            .where('conversation_id', 'in', [...new Set(cards.map((card) => card.conversationId))])
            .where('direction', '=', 'in')
            .where('at', '>=', first.at)
            .where('at', '<', answersUntil)
            .orderBy('conversation_id')
            .orderBy('seq')
            .execute();
          const byConversation = new Map<string, TurnRecord[]>();
          for (const turn of later.map(toTurn)) {
            const ofConversation = byConversation.get(turn.conversationId);
            if (ofConversation) ofConversation.push(turn);
            else byConversation.set(turn.conversationId, [turn]);
          }
          yield cards.map((card) => ({
            card,
            later: (byConversation.get(card.conversationId) ?? []).filter((turn) => turn.seq > card.seq),
          }));
        }
        const last = rows.at(-1);
        if (!last || rows.length < batchSize) return;
        after = { at: last.at, id: last.id };
      }
    },

    /**
     * Messages of users per day (UTC) in [from, to): what the dashboard's charts count. Like every
     * analytics count, it leaves out conversations started with 'Disable analytics'.
     */
    async userTurnsPerDay(from: string, to: string): Promise<Array<{ day: string; count: number }>> {
      const day = isPostgres(db)
        ? sql<string>`to_char(at at time zone 'UTC', 'YYYY-MM-DD')`
        : sql<string>`substr(at, 1, 10)`;
      const rows = await countedTurns()
        .select([day.as('day'), (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('direction', '=', 'in')
        .where('at', '>=', from)
        .where('at', '<', to)
        .groupBy(day)
        .orderBy(day)
        .execute();
      return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
    },

    /** Recognised intents of users' messages in [from, to), most frequent first. */
    async intentCounts(from: string, to: string): Promise<Array<{ intent: string; count: number }>> {
      const rows = await countedTurns()
        .select(['intent', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('direction', '=', 'in')
        .where('intent', 'is not', null)
        .where('at', '>=', from)
        .where('at', '<', to)
        .groupBy('intent')
        .orderBy('count', 'desc')
        .execute();
      return rows.map((row) => ({ intent: row.intent ?? '', count: Number(row.count) }));
    },
  };
}

export type ConversationRepository = ReturnType<typeof conversationRepository>;
