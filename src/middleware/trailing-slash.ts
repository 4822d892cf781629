import { createMiddleware } from 'hono/factory';

/**
 * The redirect names the same path on every host, so it may be kept a while;
 * a day, not forever, in case a page with a trailing slash is ever added.
 */
export const TRAILING_SLASH_CACHE_CONTROL = 'public, max-age=86400';

/**
 * The canonical path for a path with trailing slashes, or null when there is
 * none to redirect to. Leading slashes collapse to one: browsers read a
 * Location of `//evil.com` as another host, so `//evil.com/` goes to
 * `/evil.com` (a 404 on this site), never off it.
 */
export function trimmedPath(pathname: string): string | null {
  if (pathname === '/' || !pathname.endsWith('/')) return null;
  return `/${pathname.replace(/^\/+/, '').replace(/\/+$/, '')}`;
}

/**
 * `/sobre/` → 301 `/sobre`, query kept. The Location is a path: the request's
 * URL takes its host from the Host header, which a client may forge, and a
 * redirect built from it could be cached and served to others (Hono's
 * trimTrailingSlash builds it that way). Runs before the routes, as none of
 * them ends in a slash.
 */
export function redirectTrailingSlash() {
  return createMiddleware(async function trimTrailingSlash(c, next) {
    const url = new URL(c.req.url);
    const path = trimmedPath(url.pathname);
    if (path === null) return next();
    c.header('Cache-Control', TRAILING_SLASH_CACHE_CONTROL);
    return c.redirect(`${path}${url.search}`, 301);
  });
}
