import { type Kysely, sql } from 'kysely';
import { columnTypes, isPostgres } from '../dialect';

/**
 * An LLM's passages (issue 23): the chunks of its documents as retrieval finds them, each with
 * its document's id and name, where it stands (heading path, page, slide, row, URL), the
 * metadata RAG filters test, and its embedding when the LLM has an embedding model (float32
 * little-endian; compared with sqlite-vec on SQLite, in the server on PostgreSQL).
 *
 * Full text: on SQLite an FTS5 table (Porter stemming, diacritics folded) that triggers keep in
 * step with the passages, so a cascade from the LLM or the tenant empties it too; its rowid is
 * the passage's and it keeps no copy of the text. On PostgreSQL a GIN index over the English
 * tsvector of the heading and the text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  const postgres = isPostgres(db);
  await db.schema
    .createTable('llm_passages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('llm_id', 'text', (c) => c.notNull().references('llms.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('document_name', 'text', (c) => c.notNull())
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    /** The heading path joined with ' › ': what full text searches beside the text. */
    .addColumn('heading', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('heading_path', type.json, (c) => c.notNull())
    .addColumn('page', 'integer')
    .addColumn('slide', 'integer')
    .addColumn('source_row', 'integer')
    .addColumn('url', 'text')
    .addColumn('metadata', type.json, (c) => c.notNull())
    .addColumn('embedding', postgres ? 'bytea' : 'blob')
    .addColumn('created_at', type.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('llm_passages_document')
    .on('llm_passages')
    .columns(['tenant_id', 'llm_id', 'document_id'])
    .execute();
  if (postgres) {
    await sql`create index llm_passages_terms on llm_passages using gin (to_tsvector('english', heading || ' ' || text))`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table llm_passage_terms using fts5(scope, heading, body, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2')`.execute(
    db,
  );
  await sql`create trigger llm_passages_terms_insert after insert on llm_passages begin
    insert into llm_passage_terms (rowid, scope, heading, body) values (new.rowid, new.llm_id, new.heading, new.text);
  end`.execute(db);
  await sql`create trigger llm_passages_terms_delete after delete on llm_passages begin
    delete from llm_passage_terms where rowid = old.rowid;
  end`.execute(db);
  await sql`create trigger llm_passages_terms_update after update of llm_id, heading, text on llm_passages begin
    delete from llm_passage_terms where rowid = old.rowid;
    insert into llm_passage_terms (rowid, scope, heading, body) values (new.rowid, new.llm_id, new.heading, new.text);
  end`.execute(db);
}
