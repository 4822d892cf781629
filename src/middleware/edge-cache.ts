import manifest from '@client/manifest';
import type { Context } from 'hono';
import { cache } from 'hono/cache';
import { createMiddleware } from 'hono/factory';
import { INLINE_SCRIPTS } from '#shared/inline-scripts.ts';
import { toolCacheKeyPart } from '../finance/cache-key';
import { fnv1a } from '../lib/hash';
import { isPrivatePath } from '../newsroom/paths';
import { searchCacheKeyPart } from '../search/cache-key';
import type { AppEnv } from '../site/app-env';

type ClientManifest = Record<string, { file: string; css?: string[]; assets?: string[] }>;

/**
 * A digest of what a cached page depends on besides its content: every hashed
 * file of the client build (entries, lazy chunks, CSS, imported assets) and the inline scripts
 * whose hashes the CSP header of that page allows
 * (src/middleware/security-headers.ts). Changes whenever any of them does.
 */
export function clientBuildFingerprint(files: ClientManifest, inlineScripts: readonly string[]): string {
  const names = Object.values(files)
    .flatMap((chunk) => [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])])
    .sort();
  // Two 32-bit digests: a collision between two deploys would serve stale pages.
  const hex = (text: string) => fnv1a(text).toString(16).padStart(8, '0');
  return `${hex(names.join('\n'))}${hex(inlineScripts.join('\n'))}`;
}

/** This build's fingerprint, once per isolate. */
const CLIENT_BUILD = clientBuildFingerprint(manifest, INLINE_SCRIPTS);

/**
 * A page's cache key: origin and path (no query, no cookie; the search page
 * adds its normalized words and page number, a simulation its normalized
 * inputs, src/finance/cache-key.ts), the deployed
 * Worker version, and the client build. The version id (Version Metadata
 * binding) changes with every deploy, code or settings; the client build
 * covers runs without a real id (tests, a binding left out) and is cheap.
 */
export const pageCacheKey = (c: Context<AppEnv>) => {
  const url = new URL(c.req.url);
  const query = searchCacheKeyPart(c.req.path, (name) => c.req.query(name)) + toolCacheKeyPart(c.req.path, url.search);
  return `${url.origin}${c.req.path}${query}#${c.env.CF_VERSION_METADATA?.id ?? ''}:${CLIENT_BUILD}`;
};

/** The Cache API cache that holds rendered pages. */
const EDGE_CACHE_NAME = 'html';

/**
 * Rendered pages in the data center's Cache API (Hono's cache middleware), for
 * as long as their `s-maxage` says. The key is the path alone: no route but
 * the search page and the reader's tools read the query string (their keys add the normalized search,
 * src/search/cache-key.ts, or tool inputs, src/finance/cache-key.ts), so tracking parameters (utm_*, fbclid, gclid) and
 * any other query share one entry, and cookies never take part. The deployed version and
 * the client build are in the key too, so pages cached before a deploy (which
 * link files the deploy removed, or carry the old CSP) are never served after it.
 *
 * The Cache API is per data center and does nothing on *.workers.dev or where
 * `caches` does not exist (`npm run dev`): the site is correct without it.
 * `EDGE_CACHE=off` turns it off (the worker tests do, to see every change).
 * The newsroom's pages and shared previews are never looked up nor stored: they are per person, or a draft.
 */
export function edgeCache() {
  const cached = cache({
    cacheName: EDGE_CACHE_NAME,
    keyGenerator: pageCacheKey,
    onCacheNotAvailable: false,
  });
  return createMiddleware<AppEnv>(async function servePageFromEdgeCache(c, next) {
    if (c.env.EDGE_CACHE === 'off' || isPrivatePath(c.req.path)) return next();
    return cached(c, next);
  });
}
