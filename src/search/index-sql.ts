/**
 * The statements on the search index (migrations/). Those that write it are
 * shared by the editors' commands (scripts/search/), the tests and the bench,
 * so all of them write exactly what the worker reads; each takes one
 * parameter, `?1`: a JSON array of documents (or of slugs), so hundreds of
 * articles go in one statement (D1 allows 100 bound parameters per statement,
 * and one JSON value holds any number of rows). The two the search page runs
 * (src/search/search-db.ts) are here too, so the bench times them as they are.
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

/** The id part of a sort key: ids stay below it (migrations/0002_search_order.sql). */
const ID_RANGE = 2 ** 26;
const MINUTE_MS = 60_000;

/**
 * An article's place in the results, newest first: its time in whole minutes
 * (an article's `data` is at most minute-precise), then its id. The full-text
 * table's rowid is this key, so FTS5 yields matches newest first and stops
 * after a page. Unique while ids stay below 2^26.
 */
const SORT_KEY = `(published / ${MINUTE_MS}) * ${ID_RANGE} + id`;

/** The largest sort key of an article published by `now` (ms): "published <= now" as a rowid bound. */
export const sortKeyBound = (now: number) => Math.floor(now / MINUTE_MS) * ID_RANGE + (ID_RANGE - 1);

/**
 * Inserts or replaces documents, by slug: running it twice leaves one row
 * per slug. The text is removed under its old key before the key is
 * computed again (the date may have changed), and written under the new one.
 */
export const UPSERT_DOCUMENTS = [
  `DELETE FROM search_text WHERE rowid IN
     (SELECT a.sort_key FROM search_articles a JOIN json_each(?1) j ON a.slug = j.value ->> 'slug')`,
  `INSERT INTO search_articles (slug, published, item, version)
     SELECT value ->> 'slug', value ->> 'published', value ->> 'item', value ->> 'version' FROM json_each(?1) WHERE true
     ON CONFLICT (slug) DO UPDATE SET published = excluded.published, item = excluded.item, version = excluded.version`,
  `UPDATE search_articles SET sort_key = ${SORT_KEY} WHERE slug IN (SELECT value ->> 'slug' FROM json_each(?1))`,
  `INSERT INTO search_text (rowid, titulo, descricao, corpo)
     SELECT a.sort_key, j.value ->> 'titulo', j.value ->> 'descricao', j.value ->> 'corpo'
     FROM json_each(?1) j JOIN search_articles a ON a.slug = j.value ->> 'slug'`,
] as const;

/** Removes the articles whose slugs are listed; a slug not indexed is ignored. */
export const DELETE_SLUGS = [
  `DELETE FROM search_text WHERE rowid IN
     (SELECT sort_key FROM search_articles WHERE slug IN (SELECT value FROM json_each(?1)))`,
  'DELETE FROM search_articles WHERE slug IN (SELECT value FROM json_each(?1))',
] as const;

/** What is indexed now, to compare with the live list. */
export const SELECT_VERSIONS = 'SELECT slug, version FROM search_articles';

/** The slugs a run's search update left behind (migrations/0010_search_pending.sql), at most this many per read. */
export const SELECT_PENDING = 'SELECT slug FROM search_pending LIMIT 10000';

/** Names slugs whose search entry is still to be brought in line; one already named stays once. */
export const MARK_PENDING = ['INSERT OR IGNORE INTO search_pending (slug) SELECT value FROM json_each(?1)'] as const;

/** Forgets slugs a search update has brought in line. */
export const CLEAR_PENDING = ['DELETE FROM search_pending WHERE slug IN (SELECT value FROM json_each(?1))'] as const;

/** Empties the index (the tests, and a repair that starts over). */
export const DELETE_ALL = ['DELETE FROM search_text', 'DELETE FROM search_articles'] as const;

/**
 * How many published articles match. FTS5 hands over the matching rows up to
 * the bound of "published by now" (a scheduled article is not found before
 * its time; src/search/index-sql.ts, sortKeyBound); the join counts only rows
 * whose article is indexed, as the page shows them.
 */
export const COUNT_SQL = `SELECT count(*) AS total
  FROM search_text JOIN search_articles a ON a.sort_key = search_text.rowid
  WHERE search_text MATCH ?1 AND search_text.rowid <= ?2`;

/** What snippet() puts where a passage is cut from a longer text (src/search/highlight.ts reads it). */
export const SNIPPET_ELLIPSIS = '…';

/**
 * One page of matches, newest first. The rowid is the sort key, so FTS5
 * yields the matches in the page's order and stops after it: the cost is the
 * page's rows (and the offset's), not every match, and only the page's rows
 * get their highlighted title and passages. char(2) and char(3) are the
 * markers (src/search/highlight.ts).
 */
export const PAGE_SQL = `SELECT a.slug, a.item,
    highlight(search_text, 0, char(2), char(3)) AS titulo,
    snippet(search_text, 2, char(2), char(3), '${SNIPPET_ELLIPSIS}', 32) AS corpo,
    snippet(search_text, 1, char(2), char(3), '${SNIPPET_ELLIPSIS}', 32) AS descricao
  FROM search_text JOIN search_articles a ON a.sort_key = search_text.rowid
  WHERE search_text MATCH ?1 AND search_text.rowid <= ?2
  ORDER BY search_text.rowid DESC LIMIT ?3 OFFSET ?4`;
