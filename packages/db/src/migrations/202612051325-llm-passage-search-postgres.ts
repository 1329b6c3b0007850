import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';
import { metadataTokens, scopeToken } from '../search-tokens';

/**
 * PostgreSQL's full-text index of LLM passages as SQLite's is (202612051300): a table of its own,
 * `llm_passage_search`, holding each passage's stored tsvector (English, heading and text) with
 * its scope and metadata tokens as exact lexemes, under a GIN index. A search intersects the
 * question's words with the LLM's token and the filters' in the index and ranks the stored
 * vectors; before, each candidate's tsvector was computed again to rank it (at 20,000 passages
 * a search took 150-450 ms). SQLite is unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index if exists llm_passages_terms`.execute(db);
  await sql`create table llm_passage_search (
    passage_id text primary key references llm_passages (id) on delete cascade,
    terms tsvector not null
  )`.execute(db);
  await sql`create index llm_passage_search_terms on llm_passage_search using gin (terms)`.execute(db);
  // Passages kept before: indexed, a slice at a time.
  let after = '';
  for (;;) {
    const { rows } = await sql<{
      id: string;
      tenant_id: string;
      llm_id: string;
      metadata: Record<string, string>;
    }>`select id, tenant_id, llm_id, metadata from llm_passages where id > ${after} order by id limit 500`.execute(
      db,
    );
    if (rows.length === 0) break;
    for (const row of rows) {
      const tokens = [scopeToken(row.tenant_id, row.llm_id), ...metadataTokens(row.metadata).split(' ')];
      await sql`insert into llm_passage_search (passage_id, terms)
        select id, to_tsvector('english', heading || ' ' || text) || array_to_tsvector(${tokens.filter(Boolean)}::text[])
        from llm_passages where id = ${row.id}`.execute(db);
    }
    after = rows.at(-1)?.id ?? after;
  }
}
