import type { Context } from 'hono';
import { createFactory } from 'hono/factory';
import { currentTime } from '../lib/clock';
import { describeError, log } from '../lib/log';
import { paginate } from '../lib/pagination';
import { NO_STORE } from '../middleware/cache-policy';
import { SearchPage, type SearchView } from '../pages/SearchPage';
import { StatusPage } from '../pages/StatusPage';
import { openSearchXml } from '../search/opensearch';
import { MAX_SEARCH_PAGES, parseSearchPage, parseSearchQuery } from '../search/query';
import { SEARCH_PAGE_SIZE, searchArticles } from '../search/search-db';
import type { AppEnv } from '../site/app-env';

/**
 * Search pages live a short time at the edge and in the browser: a new
 * article shows in a search within a minute, and a popular search is still
 * served from the cache, keyed by its normalized words (src/search/cache-key.ts).
 */
const SEARCH_CACHE_CONTROL = 'public, max-age=60, s-maxage=60';

const factory = createFactory<AppEnv>();

const HEAD = {
  title: 'Busca',
  description: 'Busque entre todas as notícias do portal sobre imóveis, financiamento, decoração e arquitetura.',
  // Result pages are endless variations of the site's own pages: never indexed (meta robots noindex).
  canonicalPath: null,
} as const;

function renderView(c: Context<AppEnv>, view: SearchView, status: 200 | 400 = 200) {
  c.status(status);
  c.header('Cache-Control', status === 200 ? SEARCH_CACHE_CONTROL : NO_STORE);
  return c.render(<SearchPage view={view} />, HEAD);
}

/**
 * The search database cannot answer (binding missing, table missing, a query
 * that throws): a pt-BR page, 503 and never cached, and a log line. No other
 * page reads D1, so the rest of the site is untouched.
 */
function searchUnavailable(c: Context<AppEnv>, reason: string, error?: unknown) {
  log('error', 'search_unavailable', { reason, ...(error === undefined ? {} : describeError(error)) });
  c.status(503);
  c.header('Cache-Control', NO_STORE);
  const title = 'Busca indisponível';
  const message = 'A busca está temporariamente indisponível. Tente novamente em alguns minutos; as notícias continuam na página inicial.';
  return c.render(
    <StatusPage code={503} title={title}>
      <p>{message}</p>
    </StatusPage>,
    { title, description: message, canonicalPath: null },
  );
}

/**
 * `/busca?q=…&pagina=N`. Results are newest first, not by relevance: this is
 * a news archive (a reader searching "financiamento" wants this week's
 * articles first), the order is the home grid's, and pages stay stable
 * while the archive grows at the newest end. Matching ignores case and
 * accents and finds word prefixes (src/search/query.ts).
 */
export const searchRoute = factory.createHandlers(async function renderSearch(c) {
  const query = parseSearchQuery(c.req.query('q'));
  const page = parseSearchPage(c.req.query('pagina'));
  if (page === null) return c.notFound();
  if (query.kind === 'too-long') return renderView(c, query, 400);
  if (query.kind !== 'terms') return page === 1 ? renderView(c, query) : c.notFound();
  const db = c.env.DB as D1Database | undefined;
  if (!db) return searchUnavailable(c, 'binding DB is missing');
  let found: Awaited<ReturnType<typeof searchArticles>>;
  try {
    found = await searchArticles(db, query.match, page, currentTime());
  } catch (error) {
    return searchUnavailable(c, 'query failed', error);
  }
  // The pager stops at MAX_SEARCH_PAGES; the summary says how many there are in all.
  const pagination = paginate(Math.min(found.total, MAX_SEARCH_PAGES * SEARCH_PAGE_SIZE), page, SEARCH_PAGE_SIZE);
  if (!pagination) return c.notFound();
  return renderView(c, { kind: 'results', normalized: query.normalized, truncated: query.truncated, pagination, ...found });
});

/** The OpenSearch description: lets browsers add the site's search (linked from every page's head). */
export const openSearchRoute = factory.createHandlers(function serveOpenSearch(c) {
  return c.body(openSearchXml(c.var.site), 200, { 'Content-Type': 'application/opensearchdescription+xml; charset=utf-8' });
});
