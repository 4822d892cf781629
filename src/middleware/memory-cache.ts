import { createMiddleware } from 'hono/factory';
import QuickLRU from 'quick-lru';
import { toolCacheKeyPart } from '../finance/cache-key';
import { isPrivatePath } from '../newsroom/paths';
import { SEARCH_PATH } from '../seo/urls';
import type { AppEnv } from '../site/app-env';
import { pageCacheKey } from './edge-cache';

/** How many rendered pages an isolate keeps: the hot ones (home, the latest articles). */
const PAGES_KEPT = 64;

interface KeptPage {
  body: ArrayBuffer;
  headers: [string, string][];
}

/**
 * Pages only (a few tens of KB each): sitemap parts and feeds can weigh
 * hundreds, are asked for rarely, and the edge cache keeps them anyway.
 */
const isPage = (response: Response) => response.headers.get('Content-Type')?.startsWith('text/html') ?? false;

/** The `s-maxage` of a Cache-Control value, in seconds; 0 when there is none. */
function edgeLifetime(cacheControl: string | null): number {
  const match = /(?:^|,)\s*s-maxage=(\d+)/.exec(cacheControl ?? '');
  return match ? Number(match[1]) : 0;
}

/**
 * The pages this isolate rendered, kept in its memory in front of the edge
 * cache: a hot page then costs neither a Cache API lookup nor a render. Same
 * key as the edge cache (tracking parameters and cookies ignored), and each
 * page is kept exactly as long as the edge cache keeps the copy stored with it
 * (its `s-maxage` from the moment it was rendered), so the editors' freshness
 * bound does not change. Only HTML 200s without a cookie; off with the edge cache
 * (`EDGE_CACHE=off`: local runs and tests).
 */
export function memoryCache() {
  const pages = new QuickLRU<string, KeptPage>({ maxSize: PAGES_KEPT });
  return createMiddleware<AppEnv>(async function servePageFromMemory(c, next) {
    // Search pages and tool results stay in the edge cache only: every new search or result a reader
    // (or a bot) sends would push a hot page out. A tool's empty form is kept like any page.
    // The newsroom's pages (per person) and shared previews (a draft) are never kept.
    if (c.env.EDGE_CACHE === 'off' || c.req.method !== 'GET' || c.req.path === SEARCH_PATH || isPrivatePath(c.req.path)) return next();
    if (toolCacheKeyPart(c.req.path, new URL(c.req.url).search) !== '') return next();
    const key = pageCacheKey(c);
    const kept = pages.get(key);
    if (kept) return new Response(kept.body, { headers: kept.headers });
    await next();
    const lifetime = edgeLifetime(c.res.headers.get('Cache-Control'));
    if (c.res.status !== 200 || lifetime === 0 || c.res.headers.has('Set-Cookie') || !isPage(c.res)) return;
    const body = await c.res.clone().arrayBuffer();
    pages.set(key, { body, headers: [...c.res.headers] }, { maxAge: lifetime * 1000 });
  });
}
