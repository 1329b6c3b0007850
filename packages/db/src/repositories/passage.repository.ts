import { type Kysely, type RawBuilder, sql } from 'kysely';
import { fromJsonColumn, isPostgres, nowIso, toJson } from '../dialect';
import type { Database } from '../schema';
import { metadataToken, metadataTokens, scopeToken } from '../search-tokens';
import { sequentialId } from '../sequential-id';

/** A passage to keep: a chunk of a document with where it stands and, perhaps, its embedding. */
export interface NewPassage {
  documentName: string;
  ordinal: number;
  text: string;
  headingPath: string[];
  page?: number | undefined;
  slide?: number | undefined;
  row?: number | undefined;
  url?: string | undefined;
  metadata: Record<string, string>;
  embedding?: Float32Array | undefined;
}

export interface PassageRecord {
  id: string;
  documentId: string;
  documentName: string;
  ordinal: number;
  text: string;
  headingPath: string[];
  page?: number;
  slide?: number;
  row?: number;
  url?: string;
  metadata: Record<string, string>;
}

/** A metadata test: the passage's `field` holds one of `values` (one value for eq, several for in). */
export interface PassageFilter {
  field: string;
  values: string[];
}

export interface RankedPassageId {
  id: string;
  /** Higher is better, on the ranking's own scale (BM25, PostgreSQL's cover density, cosine similarity). */
  score: number;
}

/** Rows written per INSERT: well within both dialects' limits on bound values. */
const INSERT_BATCH = 200;

/**
 * One tenant's LLM passages (issue 23): what retrieval searches. Every query is bound to the
 * tenant and to one LLM; metadata filters narrow both the full-text and the vector query before
 * they rank. Full text is SQLite FTS5 (BM25) or PostgreSQL's English full text (ts_rank_cd);
 * vectors are compared with sqlite-vec where the connection has it loaded, else in this process.
 */
export function passageRepository(db: Kysely<Database>, tenantId: string) {
  const postgres = isPostgres(db);

  /** The SQL that keeps only passages whose metadata passes every filter. */
  function filtersSql(filters: readonly PassageFilter[]): RawBuilder<unknown> {
    if (filters.length === 0) return sql`1 = 1`;
    return sql.join(
      filters.map(({ field, values }) => {
        const list = sql.join(values.map((value) => sql`${value}`));
        return postgres
          ? sql`(p.metadata ->> ${field}) in (${list})`
          : sql`exists (select 1 from json_each(p.metadata) m where m.key = ${field} and m.type = 'text' and m.value in (${list}))`;
      }),
      sql` and `,
    );
  }

  /** SQLite: the rows' entries in the full-text index, with their scope and metadata tokens. */
  async function indexForSearch(
    trx: Kysely<Database>,
    llmId: string,
    rows: ReadonlyArray<{ id: string; metadata: string }>,
  ): Promise<void> {
    const tagged = sql.join(
      rows.map(
        (row) => sql`(${row.id}, ${metadataTokens(JSON.parse(row.metadata) as Record<string, string>)})`,
      ),
    );
    await sql`with tagged(id, tags) as (values ${tagged})
      insert into llm_passage_search (rowid, scope, tags, heading, body)
      select p.rowid, ${scopeToken(tenantId, llmId)}, tagged.tags, p.heading, p.text
      from tagged join llm_passages p on p.id = tagged.id`.execute(trx);
  }

  /** PostgreSQL: the rows' stored tsvectors, with their scope and metadata tokens as exact lexemes. */
  async function indexForSearchOnPostgres(
    trx: Kysely<Database>,
    llmId: string,
    rows: ReadonlyArray<{ id: string; metadata: string }>,
  ): Promise<void> {
    const scope = scopeToken(tenantId, llmId);
    const tagged = sql.join(
      rows.map((row) => {
        const tags = metadataTokens(JSON.parse(row.metadata) as Record<string, string>);
        return sql`(${row.id}, ${[scope, ...tags.split(' ')].filter(Boolean)}::text[])`;
      }),
    );
    await sql`insert into llm_passage_search (passage_id, terms)
      select p.id, to_tsvector('english', p.heading || ' ' || p.text) || array_to_tsvector(tagged.tokens)
      from (values ${tagged}) as tagged(id, tokens) join llm_passages p on p.id = tagged.id`.execute(trx);
  }

  async function deletePassages(trx: Kysely<Database>, llmId: string, documentId?: string): Promise<void> {
    let query = trx.deleteFrom('llm_passages').where('tenant_id', '=', tenantId).where('llm_id', '=', llmId);
    if (documentId !== undefined) query = query.where('document_id', '=', documentId);
    await query.execute();
  }

  return {
    /** The document's passages become these (the old ones go in the same transaction). */
    async replaceDocument(llmId: string, documentId: string, passages: readonly NewPassage[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await deletePassages(trx, llmId, documentId);
        const createdAt = nowIso();
        for (let start = 0; start < passages.length; start += INSERT_BATCH) {
          const rows = passages.slice(start, start + INSERT_BATCH).map((passage) => ({
            id: sequentialId(),
            tenant_id: tenantId,
            llm_id: llmId,
            document_id: documentId,
            document_name: passage.documentName,
            ordinal: passage.ordinal,
            text: passage.text,
            heading: passage.headingPath.join(' › '),
            heading_path: toJson(passage.headingPath),
            page: passage.page ?? null,
            slide: passage.slide ?? null,
            source_row: passage.row ?? null,
            url: passage.url ?? null,
            metadata: toJson(passage.metadata),
            embedding: passage.embedding
              ? new Uint8Array(
                  passage.embedding.buffer,
                  passage.embedding.byteOffset,
                  passage.embedding.byteLength,
                )
              : null,
            created_at: createdAt,
          }));
          await trx.insertInto('llm_passages').values(rows).execute();
          await (postgres ? indexForSearchOnPostgres : indexForSearch)(trx, llmId, rows);
        }
      });
    },

    async removeDocument(llmId: string, documentId: string): Promise<void> {
      await deletePassages(db, llmId, documentId);
    },

    async removeLlm(llmId: string): Promise<void> {
      await deletePassages(db, llmId);
    },

    async count(llmId: string, documentId?: string): Promise<number> {
      let query = db
        .selectFrom('llm_passages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('llm_id', '=', llmId);
      if (documentId !== undefined) query = query.where('document_id', '=', documentId);
      return Number((await query.executeTakeFirst())?.n ?? 0);
    },

    /**
     * The best passages for any of `terms` (words of letters and digits only, already lower
     * case), best first. Terms are ORed, as BM25 rankers do.
     */
    async fullText(
      llmId: string,
      terms: readonly string[],
      filters: readonly PassageFilter[],
      limit: number,
    ): Promise<RankedPassageId[]> {
      if (terms.length === 0) return [];
      if (postgres) {
        // Scope and filters are exact lexemes of the stored vector: the GIN index intersects them
        // with the question's words, and only the words rank.
        const words = sql`to_tsquery('english', ${terms.join(' | ')})`;
        const required = [
          scopeToken(tenantId, llmId),
          ...filters.map(({ field, values }) =>
            values.map((value) => metadataToken(field, value)).join(' | '),
          ),
        ].map((tokens) => sql`to_tsquery('simple', ${tokens})`);
        const { rows } = await sql<{ id: string; score: number }>`
          select s.passage_id as id, ts_rank_cd(s.terms, ${words}) as score
          from llm_passage_search s
          where numnode(${words}) > 0 and s.terms @@ (${words} && ${sql.join(required, sql` && `)})
          order by score desc, s.passage_id
          limit ${limit}`.execute(db);
        if (rows.length === 0) return [];
        const owned = new Set(
          (
            await db
              .selectFrom('llm_passages')
              .select(['id', 'tenant_id', 'llm_id'])
              .where(
                'id',
                'in',
                rows.map((row) => row.id),
              )
              .execute()
          )
            .filter((row) => row.tenant_id === tenantId && row.llm_id === llmId)
            .map((row) => row.id),
        );
        return rows
          .filter((row) => owned.has(row.id))
          .map((row) => ({ id: row.id, score: Number(row.score) }));
      }
      // Scope and filters are tokens of the match itself: BM25 ranks only this LLM's passages that pass them.
      const match = [
        `scope : "${scopeToken(tenantId, llmId)}"`,
        ...filters.map(
          ({ field, values }) =>
            `tags : (${values.map((value) => `"${metadataToken(field, value)}"`).join(' OR ')})`,
        ),
        `{heading body} : (${terms.map((term) => `"${term}"`).join(' OR ')})`,
      ].join(' AND ');
      // BM25 over the heading and the text (the scope and tags columns weigh nothing).
      const { rows: ranked } = await sql<{ rowid: number; score: number }>`
        select rowid, bm25(llm_passage_search, 0.0, 0.0, 1.0, 1.0) as score
        from llm_passage_search where llm_passage_search match ${match}
        order by score limit ${limit}`.execute(db);
      if (ranked.length === 0) return [];
      // Read by key alone (with the tenant and LLM checked here): given the tenant and LLM too,
      // SQLite walks their index over every passage of the LLM instead.
      const ids = new Map(
        (
          await sql<{ rowid: number; id: string; tenant_id: string; llm_id: string }>`
            select rowid, id, tenant_id, llm_id from llm_passages
            where rowid in (${sql.join(ranked.map((row) => row.rowid))})`.execute(db)
        ).rows
          .filter((row) => row.tenant_id === tenantId && row.llm_id === llmId)
          .map((row) => [row.rowid, row.id]),
      );
      return ranked.flatMap((row) => {
        const id = ids.get(row.rowid);
        return id === undefined ? [] : [{ id, score: -row.score }];
      });
    },

    /** The passages whose embeddings are nearest `embedding` by cosine, best first (only those of its dimensions). */
    async nearest(
      llmId: string,
      embedding: Float32Array,
      filters: readonly PassageFilter[],
      limit: number,
    ): Promise<RankedPassageId[]> {
      const bytes = new Uint8Array(embedding.buffer, embedding.byteOffset, embedding.byteLength);
      const length = postgres ? sql`octet_length(p.embedding)` : sql`length(p.embedding)`;
      if (!postgres && (await hasVectorExtension(db))) {
        const { rows } = await sql<{ id: string; distance: number }>`
          select p.id, vec_distance_cosine(p.embedding, ${bytes}) as distance
          from llm_passages p
          where p.tenant_id = ${tenantId} and p.llm_id = ${llmId} and p.embedding is not null
            and ${length} = ${bytes.byteLength} and ${filtersSql(filters)}
          order by distance, p.id
          limit ${limit}`.execute(db);
        return rows.map((row) => ({ id: row.id, score: 1 - Number(row.distance) }));
      }
      const { rows } = await sql<{ id: string; embedding: Uint8Array }>`
        select p.id, p.embedding from llm_passages p
        where p.tenant_id = ${tenantId} and p.llm_id = ${llmId} and p.embedding is not null
          and ${length} = ${bytes.byteLength} and ${filtersSql(filters)}`.execute(db);
      return rows
        .map((row) => ({ id: row.id, score: cosine(embedding, floatsOf(row.embedding)) }))
        .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
        .slice(0, limit);
    },

    /**
     * The passages of these ids (in this tenant's LLM only), in no particular order. Read by key
     * alone and checked here: given the tenant and LLM, SQLite would walk their index instead.
     */
    async byIds(llmId: string, ids: readonly string[]): Promise<PassageRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('llm_passages')
        .select([
          'id',
          'tenant_id',
          'llm_id',
          'document_id',
          'document_name',
          'ordinal',
          'text',
          'heading_path',
          'page',
          'slide',
          'source_row',
          'url',
          'metadata',
        ])
        .where('id', 'in', [...ids])
        .execute();
      return rows
        .filter((row) => row.tenant_id === tenantId && row.llm_id === llmId)
        .map((row) => ({
          id: row.id,
          documentId: row.document_id,
          documentName: row.document_name,
          ordinal: row.ordinal,
          text: row.text,
          headingPath: fromJsonColumn<string[]>(row.heading_path, []),
          ...(row.page === null ? {} : { page: row.page }),
          ...(row.slide === null ? {} : { slide: row.slide }),
          ...(row.source_row === null ? {} : { row: row.source_row }),
          ...(row.url === null ? {} : { url: row.url }),
          metadata: fromJsonColumn<Record<string, string>>(row.metadata, {}),
        }));
    },
  };
}

export type PassageRepository = ReturnType<typeof passageRepository>;

/** Whether sqlite-vec is loaded on this connection (the server loads it; other callers may not). */
const vectorExtension = new WeakMap<object, Promise<boolean>>();
function hasVectorExtension(db: Kysely<Database>): Promise<boolean> {
  const executor = db.getExecutor();
  let known = vectorExtension.get(executor.adapter);
  if (!known) {
    known = sql`select vec_version() as version`.execute(db).then(
      () => true,
      () => false,
    );
    vectorExtension.set(executor.adapter, known);
  }
  return known;
}

function floatsOf(bytes: Uint8Array): Float32Array {
  // A copy: the driver's buffer may not be aligned for float32.
  return new Float32Array(new Uint8Array(bytes).buffer);
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    const x = a[index] as number;
    const y = b[index] as number;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
