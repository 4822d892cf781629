/**
 * The statements that write the search index (migrations/0001_search.sql),
 * shared by the editors' commands (scripts/search/), the tests and the bench,
 * so all of them write exactly what the worker reads. Each takes one
 * parameter, `?1`: a JSON array of documents (or of slugs), so hundreds of
 * articles go in one statement (D1 allows 100 bound parameters per statement,
 * and one JSON value holds any number of rows).
 */

/** One article as the index stores it. */
export interface SearchDocument {
  slug: string;
  /** When it may be shown, ms since the epoch (publicationInstant of its `data`). */
  published: number;
  /** The list entry (card fields) as JSON, checked again when read. */
  item: string;
  /** Names the indexed content: a sync rewrites a row only when this differs. */
  version: string;
  titulo: string;
  descricao: string;
  corpo: string;
}

/** Inserts or replaces documents, by slug: running it twice leaves one row per slug. */
export const UPSERT_DOCUMENTS = [
  `INSERT INTO search_articles (slug, published, item, version)
     SELECT value ->> 'slug', value ->> 'published', value ->> 'item', value ->> 'version' FROM json_each(?1) WHERE true
     ON CONFLICT (slug) DO UPDATE SET published = excluded.published, item = excluded.item, version = excluded.version`,
  `DELETE FROM search_text WHERE rowid IN
     (SELECT a.id FROM search_articles a JOIN json_each(?1) j ON a.slug = j.value ->> 'slug')`,
  `INSERT INTO search_text (rowid, titulo, descricao, corpo)
     SELECT a.id, j.value ->> 'titulo', j.value ->> 'descricao', j.value ->> 'corpo'
     FROM json_each(?1) j JOIN search_articles a ON a.slug = j.value ->> 'slug'`,
] as const;

/** Removes the articles whose slugs are listed; a slug not indexed is ignored. */
export const DELETE_SLUGS = [
  `DELETE FROM search_text WHERE rowid IN
     (SELECT id FROM search_articles WHERE slug IN (SELECT value FROM json_each(?1)))`,
  'DELETE FROM search_articles WHERE slug IN (SELECT value FROM json_each(?1))',
] as const;

/** What is indexed now, to compare with the live list. */
export const SELECT_VERSIONS = 'SELECT slug, version FROM search_articles';

/** Empties the index (the tests, and a repair that starts over). */
export const DELETE_ALL = ['DELETE FROM search_text', 'DELETE FROM search_articles'] as const;
