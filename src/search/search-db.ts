import { type NewsEntry, parseNewsItem } from '../content/news-item';
import { PAGE_SIZE } from '../lib/pagination';
import { log } from '../log';
import { highlightParts, type TextPart } from './highlight';
import { sortKeyBound } from './index-sql';

/** Results per page: the home grid's (24, eight rows of three cards). */
export const SEARCH_PAGE_SIZE = PAGE_SIZE;

/** One result: the card's entry, its title with the matches marked, and the passage that matched. */
export interface SearchResult {
  entry: NewsEntry;
  title: TextPart[];
  /** From the body or the summary; empty when only the title matched. */
  passage: TextPart[];
}

export interface SearchPage {
  /** How many articles match, shown or not on this page. */
  total: number;
  results: SearchResult[];
}

/**
 * How many published articles match. FTS5 hands over the matching rows up to
 * the bound of "published by now" (a scheduled article is not found before
 * its time; src/search/index-sql.ts, sortKeyBound); the join counts only rows
 * whose article is indexed, as the page shows them.
 */
export const COUNT_SQL = `SELECT count(*) AS total
  FROM search_text JOIN search_articles a ON a.sort_key = search_text.rowid
  WHERE search_text MATCH ?1 AND search_text.rowid <= ?2`;

/**
 * One page of matches, newest first. The rowid is the sort key, so FTS5
 * yields the matches in the page's order and stops after it: the cost is the
 * page's rows (and the offset's), not every match, and only the page's rows
 * get their highlighted title and passages. char(2) and char(3) are the
 * markers (src/search/highlight.ts).
 */
export const PAGE_SQL = `SELECT a.slug, a.item,
    highlight(search_text, 0, char(2), char(3)) AS titulo,
    snippet(search_text, 2, char(2), char(3), '…', 32) AS corpo,
    snippet(search_text, 1, char(2), char(3), '…', 32) AS descricao
  FROM search_text JOIN search_articles a ON a.sort_key = search_text.rowid
  WHERE search_text MATCH ?1 AND search_text.rowid <= ?2
  ORDER BY search_text.rowid DESC LIMIT ?3 OFFSET ?4`;

interface PageRow {
  slug: unknown;
  item: unknown;
  titulo: unknown;
  corpo: unknown;
  descricao: unknown;
}

/** A row, checked as the news index's entries are: D1 is stored data, and stored data is input. Null when unusable (logged). */
function resultOf(row: PageRow, now: number): SearchResult | null {
  let raw: unknown;
  try {
    raw = typeof row.item === 'string' ? JSON.parse(row.item) : undefined;
  } catch {
    raw = undefined;
  }
  const entry = parseNewsItem(raw);
  const reason =
    typeof entry === 'string' ? entry : entry.slug !== row.slug ? 'slug differs from its row' : entry.published > now ? 'scheduled' : null;
  if (reason !== null || typeof entry === 'string') {
    log('warn', 'search_row_skipped', { slug: typeof row.slug === 'string' ? row.slug.slice(0, 120) : null, reason });
    return null;
  }
  const title = highlightParts(row.titulo);
  const corpo = highlightParts(row.corpo);
  const descricao = highlightParts(row.descricao);
  const passage = corpo.some((part) => part.marked) ? corpo : descricao.some((part) => part.marked) ? descricao : [];
  return { entry, title: title.length > 0 ? title : [{ text: entry.titulo, marked: false }], passage };
}

/**
 * Page `page` (1-based) of the published articles matching a MATCH
 * expression built by parseSearchQuery (never a reader's raw text). The
 * count and the page go in one batch: one round trip to D1. Throws when D1
 * does (the route answers "busca indisponível").
 */
export async function searchArticles(db: D1Database, match: string, page: number, now: number): Promise<SearchPage> {
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  const bound = sortKeyBound(now);
  const [counted, rows] = await db.batch([
    db.prepare(COUNT_SQL).bind(match, bound),
    db.prepare(PAGE_SQL).bind(match, bound, SEARCH_PAGE_SIZE, offset),
  ]);
  const total = Number((counted?.results[0] as { total?: unknown } | undefined)?.total);
  const results = ((rows?.results ?? []) as PageRow[]).map((row) => resultOf(row, now)).filter((result) => result !== null);
  return { total: Number.isSafeInteger(total) && total >= 0 ? total : results.length, results };
}
