import type { Kysely, Selectable } from 'kysely';
import { fromFlag, nowIso, toFlag } from '../dialect';
import type { Database, IntentExampleTable, IntentTable } from '../schema';
import { sequentialId } from '../sequential-id';

export type ExampleKind = 'utterance' | 'pattern';

export interface IntentExampleRecord {
  /** ids.internal */
  id: string;
  kind: ExampleKind;
  text: string;
}

export interface IntentRecord {
  id: string;
  botId: string;
  name: string;
  description: string;
  type: 'normal' | 'faq';
  answer: string;
  isRedirect: boolean;
  template: string | null;
  examples: IntentExampleRecord[];
}

/** An intent without its examples: how many utterances it has, and its patterns' texts. */
export interface IntentSummaryRecord extends Omit<IntentRecord, 'examples'> {
  utteranceCount: number;
  patterns: string[];
}

export interface NewIntent {
  name: string;
  description: string;
  type: 'normal' | 'faq';
  answer: string;
  isRedirect: boolean;
  template: string | null;
  examples: Array<{ kind: ExampleKind; text: string }>;
}

const withoutExamples = ({ examples: _examples, ...intent }: IntentRecord) => intent;

/** Rows per INSERT: well under SQLite's bound-parameter limit. */
const CHUNK = 500;

const key = (text: string) => text.trim().toLowerCase();

const toExample = (
  row: Pick<Selectable<IntentExampleTable>, 'id' | 'kind' | 'text'>,
): IntentExampleRecord => ({
  id: row.id,
  kind: row.kind,
  text: row.text,
});

const toIntent = (row: Selectable<IntentTable>, examples: IntentExampleRecord[]): IntentRecord => ({
  id: row.id,
  botId: row.bot_id,
  name: row.name,
  description: row.description,
  type: row.type,
  answer: row.answer,
  isRedirect: fromFlag(row.is_redirect),
  template: row.template,
  examples,
});

/**
 * The intents of one bot of one tenant (reached through `repos.forTenant(t).intents(botId)`).
 * Reading a whole bot is one query per table, never one per intent.
 */
export function intentRepository(db: Kysely<Database>, tenantId: string, botId: string) {
  const intents = () =>
    db.selectFrom('intents').where('tenant_id', '=', tenantId).where('bot_id', '=', botId);
  const examples = () =>
    db.selectFrom('intent_examples').where('tenant_id', '=', tenantId).where('bot_id', '=', botId);

  async function insertExamples(
    intentId: string,
    list: ReadonlyArray<{ kind: ExampleKind; text: string }>,
    firstPosition: number,
  ): Promise<IntentExampleRecord[]> {
    const now = nowIso();
    const rows = list.map((e, i) => ({
      id: sequentialId(),
      tenant_id: tenantId,
      bot_id: botId,
      intent_id: intentId,
      kind: e.kind,
      text: e.text,
      text_key: key(e.text),
      position: firstPosition + i,
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += CHUNK) {
      await db
        .insertInto('intent_examples')
        .values(rows.slice(i, i + CHUNK))
        .execute();
    }
    return rows.map(toExample);
  }

  async function nextPosition(intentId: string): Promise<number> {
    const row = await examples()
      .select((eb) => eb.fn.max<number>('position').as('max'))
      .where('intent_id', '=', intentId)
      .executeTakeFirst();
    return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
  }

  return {
    /** Creates the intent unless one of that name (ignoring case) exists; true when it did. */
    async ensure(intent: NewIntent): Promise<boolean> {
      const now = nowIso();
      const result = await db
        .insertInto('intents')
        .values({
          id: sequentialId(),
          tenant_id: tenantId,
          bot_id: botId,
          name: intent.name,
          name_key: key(intent.name),
          description: intent.description,
          type: intent.type,
          answer: intent.answer,
          is_redirect: toFlag(intent.isRedirect),
          template: intent.template,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['bot_id', 'name_key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Every intent with its examples, in name order: two queries whatever the size. */
    async list(): Promise<IntentRecord[]> {
      const [intentRows, exampleRows] = await Promise.all([
        intents().selectAll().orderBy('name_key').execute(),
        examples()
          .select(['id', 'intent_id', 'kind', 'text'])
          .orderBy('intent_id')
          .orderBy('position')
          .execute(),
      ]);
      const byIntent = new Map<string, IntentExampleRecord[]>();
      for (const row of exampleRows) {
        const list = byIntent.get(row.intent_id);
        if (list) list.push(toExample(row));
        else byIntent.set(row.intent_id, [toExample(row)]);
      }
      return intentRows.map((row) => toIntent(row, byIntent.get(row.id) ?? []));
    },

    /**
     * Every intent without its utterances, in name order: how many examples of each kind it
     * has, and its patterns' texts (they name the entities it uses). Three queries whatever
     * the size, and no utterance leaves the database.
     */
    async summaries(): Promise<IntentSummaryRecord[]> {
      const [intentRows, counts, patternRows] = await Promise.all([
        intents().selectAll().orderBy('name_key').execute(),
        examples()
          .select(['intent_id', 'kind', (eb) => eb.fn.countAll<number | string>().as('count')])
          .groupBy(['intent_id', 'kind'])
          .execute(),
        examples()
          .select(['intent_id', 'text'])
          .where('kind', '=', 'pattern')
          .orderBy('intent_id')
          .orderBy('position')
          .execute(),
      ]);
      const countOf = new Map(counts.map((c) => [`${c.intent_id}|${c.kind}`, Number(c.count)]));
      const patternsOf = new Map<string, string[]>();
      for (const row of patternRows)
        patternsOf.set(row.intent_id, [...(patternsOf.get(row.intent_id) ?? []), row.text]);
      return intentRows.map((row) => ({
        ...withoutExamples(toIntent(row, [])),
        utteranceCount: countOf.get(`${row.id}|utterance`) ?? 0,
        patterns: patternsOf.get(row.id) ?? [],
      }));
    },

    /** One intent by name, ignoring case. */
    async get(name: string): Promise<IntentRecord | undefined> {
      const row = await intents().selectAll().where('name_key', '=', key(name)).executeTakeFirst();
      if (!row) return undefined;
      const exampleRows = await examples()
        .select(['id', 'kind', 'text'])
        .where('intent_id', '=', row.id)
        .orderBy('position')
        .execute();
      return toIntent(row, exampleRows.map(toExample));
    },

    /** Every intent's id and name, without examples (what a flow may refer to). */
    async names(): Promise<Array<{ id: string; name: string }>> {
      return intents().select(['id', 'name']).orderBy('name_key').execute();
    },

    /** The id of the intent of a name (ignoring case), if there is one. */
    async idOf(name: string): Promise<string | undefined> {
      return (await intents().select('id').where('name_key', '=', key(name)).executeTakeFirst())?.id;
    },

    async create(intent: NewIntent): Promise<IntentRecord> {
      const now = nowIso();
      const id = sequentialId();
      await db
        .insertInto('intents')
        .values({
          id,
          tenant_id: tenantId,
          bot_id: botId,
          name: intent.name,
          name_key: key(intent.name),
          description: intent.description,
          type: intent.type,
          answer: intent.answer,
          is_redirect: toFlag(intent.isRedirect),
          template: intent.template,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const created = await insertExamples(id, intent.examples, 0);
      return { id, botId, ...intent, examples: created };
    },

    async update(
      intentId: string,
      patch: Partial<{ name: string; description: string; type: 'normal' | 'faq'; answer: string }>,
    ): Promise<void> {
      const values: Partial<IntentTable> = { updated_at: nowIso() };
      if (patch.name !== undefined) {
        values.name = patch.name;
        values.name_key = key(patch.name);
      }
      if (patch.description !== undefined) values.description = patch.description;
      if (patch.type !== undefined) values.type = patch.type;
      if (patch.answer !== undefined) values.answer = patch.answer;
      await db
        .updateTable('intents')
        .set(values)
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('id', '=', intentId)
        .execute();
    },

    async delete(intentId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('intents')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('id', '=', intentId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Appends examples after the intent's last one. */
    async addExamples(
      intentId: string,
      list: ReadonlyArray<{ kind: ExampleKind; text: string }>,
    ): Promise<IntentExampleRecord[]> {
      return insertExamples(intentId, list, await nextPosition(intentId));
    },

    async updateExample(exampleId: string, change: { kind: ExampleKind; text: string }): Promise<void> {
      await db
        .updateTable('intent_examples')
        .set({ kind: change.kind, text: change.text, text_key: key(change.text) })
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('id', '=', exampleId)
        .execute();
    },

    async deleteExample(intentId: string, exampleId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('intent_examples')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('intent_id', '=', intentId)
        .where('id', '=', exampleId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Every pattern of the bot with its intent's name (entity usage and renames). */
    async patterns(): Promise<Array<{ id: string; intentName: string; text: string }>> {
      const rows = await db
        .selectFrom('intent_examples')
        .innerJoin('intents', 'intents.id', 'intent_examples.intent_id')
        .select(['intent_examples.id as id', 'intents.name as intentName', 'intent_examples.text as text'])
        .where('intent_examples.tenant_id', '=', tenantId)
        .where('intent_examples.bot_id', '=', botId)
        .where('intent_examples.kind', '=', 'pattern')
        .orderBy('intent_examples.position')
        .execute();
      return rows;
    },
  };
}

export type IntentRepository = ReturnType<typeof intentRepository>;
