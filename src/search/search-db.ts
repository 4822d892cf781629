import { type NewsEntry, parseNewsItem } from '../content/schema/news-item';
import { log } from '../lib/log';
import { PAGE_SIZE } from '../lib/pagination';
import { asWritten, highlightParts, type TextPart } from './highlight';
import { COUNT_SQL, PAGE_SQL, sortKeyBound } from './index-sql';

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
  // The title and summary are shown as written ("m²", not the indexed "m2"); the body's passage as indexed.
  const title = asWritten(highlightParts(row.titulo), entry.titulo);
  const corpo = highlightParts(row.corpo);
  const descricao = asWritten(highlightParts(row.descricao), entry.descricao);
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

/**
 * The newest live articles (at most a page) whose title holds every word of
 * the search: the newsroom's list finds an article older than the newest it
 * lists with it. `match` is parseSearchQuery's, so no editor's raw text
 * reaches FTS5; the column filter keeps it to titles.
 */
export async function searchTitles(db: D1Database, match: string, now: number): Promise<NewsEntry[]> {
  const { results } = await searchArticles(db, `titulo : (${match})`, 1, now);
  return results.map((result) => result.entry);
}
