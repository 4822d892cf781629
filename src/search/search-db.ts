import { type NewsEntry, parseNewsItem } from '../content/news-item';
import { PAGE_SIZE } from '../lib/pagination';
import { log } from '../log';
import { highlightParts, type TextPart } from './highlight';

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
 * How many published articles match. FTS5 hands over the matching rows, the
 * join keeps those already published (a scheduled article is not found
 * before its time).
 */
const COUNT_SQL = `SELECT count(*) AS total
  FROM search_text JOIN search_articles a ON a.id = search_text.rowid
  WHERE search_text MATCH ?1 AND a.published <= ?2`;

/**
 * One page of matches, newest first. The page's rows are picked first (the
 * inner query: ids and dates only), and only those get their highlighted
 * title and passages, so highlighting costs one page of rows, not every match.
 * char(2) and char(3) are the markers (src/search/highlight.ts).
 */
const PAGE_SQL = `WITH page AS (
    SELECT a.id, a.published FROM search_text JOIN search_articles a ON a.id = search_text.rowid
    WHERE search_text MATCH ?1 AND a.published <= ?2
    ORDER BY a.published DESC, a.id DESC LIMIT ?3 OFFSET ?4
  )
  SELECT a.slug, a.item,
    highlight(search_text, 0, char(2), char(3)) AS titulo,
    snippet(search_text, 2, char(2), char(3), '…', 32) AS corpo,
    snippet(search_text, 1, char(2), char(3), '…', 32) AS descricao
  FROM page JOIN search_text ON search_text.rowid = page.id JOIN search_articles a ON a.id = page.id
  WHERE search_text MATCH ?1
  ORDER BY page.published DESC, page.id DESC`;

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
  const [counted, rows] = await db.batch([
    db.prepare(COUNT_SQL).bind(match, now),
    db.prepare(PAGE_SQL).bind(match, now, SEARCH_PAGE_SIZE, offset),
  ]);
  const total = Number((counted?.results[0] as { total?: unknown } | undefined)?.total);
  const results = ((rows?.results ?? []) as PageRow[]).map((row) => resultOf(row, now)).filter((result) => result !== null);
  return { total: Number.isSafeInteger(total) && total >= 0 ? total : results.length, results };
}
