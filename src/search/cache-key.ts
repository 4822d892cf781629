import { SEARCH_PATH } from '../seo/urls';
import { parseSearchPage, parseSearchQuery } from './query';

/**
 * The part of a page's cache key that comes from its query string: empty for
 * every page but the search page, whose key is the normalized search and page
 * (the page is rendered from exactly these, src/routes/search.tsx). So
 * "?q=Decoração" and "?q=decoração&utm_source=x" share one entry, while
 * tracking parameters and any other query still never split the cache.
 */
export function searchCacheKeyPart(path: string, param: (name: string) => string | undefined): string {
  if (path !== SEARCH_PATH) return '';
  const query = parseSearchQuery(param('q'));
  const what = query.kind === 'terms' ? `q=${encodeURIComponent(query.normalized)}${query.truncated ? '&mais' : ''}` : query.kind;
  return `?${what}&pagina=${parseSearchPage(param('pagina')) ?? 'invalida'}`;
}
