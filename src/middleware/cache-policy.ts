import { createMiddleware } from 'hono/factory';

/**
 * HTML lifetimes. Browsers revalidate after a minute (cheap, thanks to the
 * ETag); the edge cache keeps a page two minutes (part of the editors'
 * freshness bound, docs/request-flow.md, "How long until a change shows"); caches that support it
 * may serve a page stale for a day while they refresh it in the background.
 */
export const HTML_CACHE_CONTROL = 'public, max-age=60, s-maxage=120, stale-while-revalidate=86400';
/** A 404 may stop being one as soon as an editor publishes: keep it briefly. */
export const NOT_FOUND_CACHE_CONTROL = 'public, max-age=60, s-maxage=60';
/** Errors and refusals must never be cached in place of a good page. */
export const NO_STORE = 'no-store';

/** The Cache-Control for a response of this status. */
export function cacheControlFor(status: number): string {
  if (status === 200 || status === 304) return HTML_CACHE_CONTROL;
  return status === 404 ? NOT_FOUND_CACHE_CONTROL : NO_STORE;
}

/**
 * Sets Cache-Control on a route's response that has none. Runs innermost, so
 * the edge cache stores pages with their lifetimes; responses made before the
 * routes (405, 400, 404, 500) set theirs where they are made.
 */
export function cachePolicy() {
  return createMiddleware(async function setCacheControl(c, next) {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', cacheControlFor(c.res.status));
  });
}
