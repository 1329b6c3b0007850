import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';
import { metadataTokens, scopeToken } from '../search-tokens';

/**
 * SQLite's full-text index of LLM passages, made again so a search never reads the passage rows
 * of its candidates (at 100,000 passages those reads were most of a search's time): the index
 * now holds the passage's scope (tenant and LLM) and its metadata values as hashed tokens
 * (search-tokens.ts), matched in the FTS5 query itself; BM25 weighs only the heading and the text. The repository writes its rows; the delete trigger still follows
 * cascades. PostgreSQL is unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop trigger if exists llm_passages_terms_insert`.execute(db);
  await sql`drop trigger if exists llm_passages_terms_update`.execute(db);
  await sql`drop trigger if exists llm_passages_terms_delete`.execute(db);
  await sql`drop table if exists llm_passage_terms`.execute(db);
  await sql`create virtual table llm_passage_search using fts5(scope, tags, heading, body, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2')`.execute(
    db,
  );
  await sql`create trigger llm_passages_search_delete after delete on llm_passages begin
    delete from llm_passage_search where rowid = old.rowid;
  end`.execute(db);
  // Passages kept before: indexed again, a slice at a time.
  let after = 0;
  for (;;) {
    const { rows } = await sql<{
      rowid: number;
      tenant_id: string;
      llm_id: string;
      heading: string;
      text: string;
      metadata: string;
    }>`select rowid, tenant_id, llm_id, heading, text, metadata from llm_passages where rowid > ${after} order by rowid limit 500`.execute(
      db,
    );
    if (rows.length === 0) break;
    for (const row of rows)
      await sql`insert into llm_passage_search (rowid, scope, tags, heading, body) values (${row.rowid}, ${scopeToken(row.tenant_id, row.llm_id)}, ${metadataTokens(JSON.parse(row.metadata) as Record<string, string>)}, ${row.heading}, ${row.text})`.execute(
        db,
      );
    after = rows.at(-1)?.rowid ?? after;
  }
}
