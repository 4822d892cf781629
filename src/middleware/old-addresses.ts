import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { describeError, log } from '../lib/log';
import { isNewsroomPath } from '../newsroom/paths';
import { oldAddressKey } from '../redirects/old-address';
import { findRedirect } from '../redirects/redirects-store';
import { FEED_PATH, searchPath } from '../seo/urls';
import type { AppEnv } from '../site/app-env';

/**
 * The old site's addresses, after a move from WordPress
 * (docs/importing-from-wordpress.md): a 301 to the new page instead of a 404.
 *
 * - An address the site answers 404 is looked up among the stored redirects
 *   (one KV read: src/redirects/redirects-store.ts); pages that exist cost nothing.
 * - One with a trailing slash (every WordPress permalink) is looked up before
 *   the trailing-slash redirect, so an old link takes one hop, not two.
 * - WordPress's query addresses on the home page (`/?p=123`, `/?s=reforma`)
 *   are answered before the caches, which key the home page by its path alone.
 * - WordPress's feeds lead to the site's feed.
 *
 * A failing read is logged and the page stays the 404 it was: a redirect is
 * never worth an error page.
 */

/** A permanent move, kept by browsers an hour: an editor may remove a redirect in the newsroom. */
export const REDIRECT_CACHE_CONTROL = 'public, max-age=3600';

/** WordPress's feed addresses, with or without their trailing slash. */
const WORDPRESS_FEED = /^\/(?:feed(?:\/(?:rss2?|atom|rdf))?|rss|comments\/feed)\/?$/;
const WORDPRESS_QUERY = ['p', 'page_id', 'attachment_id', 's', 'feed'];

/** The Location is the stored path as is: never built from the Host header, which a client may forge. */
const moved = (to: string) => new Response(null, { status: 301, headers: { Location: to, 'Cache-Control': REDIRECT_CACHE_CONTROL } });

async function storedTarget(c: Context<AppEnv>, address: string): Promise<string | null> {
  const key = oldAddressKey(address);
  if (key === null) return null;
  try {
    return await findRedirect(c.env.NEWS, key);
  } catch (error) {
    log('error', 'redirect_read_failed', { path: c.req.path.slice(0, 200), ...describeError(error) });
    return null;
  }
}

export function oldAddresses() {
  return createMiddleware<AppEnv>(async function redirectOldAddresses(c, next) {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || isNewsroomPath(c.req.path)) return next();
    const url = new URL(c.req.url);
    // `//2019/05/casa` is a path here, never a host.
    const path = url.pathname.replace(/^\/{2,}/, '/');
    if (path === '/' && WORDPRESS_QUERY.some((name) => url.searchParams.has(name))) {
      const words = url.searchParams.get('s');
      if (words !== null) return moved(searchPath(words.slice(0, 200)));
      if (url.searchParams.has('feed')) return moved(FEED_PATH);
      const to = await storedTarget(c, `${path}${url.search}`);
      return to ? moved(to) : next();
    }
    if (WORDPRESS_FEED.test(path)) return moved(FEED_PATH);
    if (path !== '/' && path.endsWith('/')) {
      const to = await storedTarget(c, path);
      if (to) return moved(to);
      return next();
    }
    await next();
    if (c.res.status !== 404) return;
    const to = await storedTarget(c, path);
    if (!to) return;
    // Unset first: Hono copies the old response's headers onto the one set (the 404's caching, its ETag).
    c.res = undefined;
    c.res = moved(to);
  });
}
