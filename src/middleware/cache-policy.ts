import type { MiddlewareHandler } from 'hono';

/**
 * HTML lifetimes. Browsers revalidate after a minute (cheap, thanks to the
 * ETag); shared caches keep a page five minutes and may serve it stale for a
 * day while they refresh it in the background.
 */
export const HTML_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=86400';
/** A 404 may stop being one as soon as an editor publishes: keep it briefly. */
export const NOT_FOUND_CACHE_CONTROL = 'public, max-age=60, s-maxage=60';
/** Errors and refusals must never be cached in place of a good page. */
export const NO_STORE = 'no-store';

/** Sets Cache-Control on every response that has none, by its status. */
export function cachePolicy(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.headers.has('Cache-Control')) return;
    const { status } = c.res;
    const value =
      status === 200 || status === 304 ? HTML_CACHE_CONTROL : status === 404 ? NOT_FOUND_CACHE_CONTROL : NO_STORE;
    c.res.headers.set('Cache-Control', value);
  };
}
