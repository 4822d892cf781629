import type { Context, MiddlewareHandler } from 'hono';
import { cache } from 'hono/cache';
import type { AppEnv } from '../app-env';
import { clientAssets } from '../client-assets';

/** A page's cache key: origin and path (no query, no cookie) and the client bundle's build. */
export const pageCacheKey = (c: Context) => `${new URL(c.req.url).origin}${c.req.path}#${clientAssets.styles}`;

/** The Cache API cache that holds rendered pages. */
export const EDGE_CACHE_NAME = 'html';

/**
 * Rendered pages in the data center's Cache API (Hono's cache middleware), for
 * as long as their `s-maxage` says. The key is the path alone: no route reads
 * the query string, so tracking parameters (utm_*, fbclid, gclid) and any other
 * query share one entry, and cookies never take part. The client bundle's
 * hashed file name is in the key too, so pages cached before a deploy (which
 * link files the deploy removed) are never served after it.
 *
 * The Cache API is per data center and does nothing on *.workers.dev or where
 * `caches` does not exist (`npm run dev`): the site is correct without it.
 * `EDGE_CACHE=off` turns it off (the worker tests do, to see every change).
 */
export function edgeCache(): MiddlewareHandler<AppEnv> {
  const cached = cache({
    cacheName: EDGE_CACHE_NAME,
    keyGenerator: pageCacheKey,
    onCacheNotAvailable: false,
  });
  return async (c, next) => {
    if (c.env.EDGE_CACHE === 'off') return next();
    return cached(c, next);
  };
}
