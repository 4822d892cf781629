import { describeError, log } from '#src/lib/log.ts';
import { matchesKey } from './content-hash';
import { PUBLISHED_MARKER_KEY } from './news-index';
import type { D1Reader } from './publish-record';

/**
 * The two places content is read from, and nothing else: Workers KV, where
 * editors publish, and the bundled sample content in the static assets. Which
 * one a request reads is decided once, by the index (./live-index.ts); every
 * value is then read from that source alone, never from the other in its place.
 * (D1 only ever tells whether KV was published to: ./publish-record.ts.)
 */

/**
 * What the content layer uses of the KV binding. Structural rather than
 * workerd's KVNamespace, so the publish command's tests can read an in-memory
 * store through this very code in Node.
 */
export interface KvReader {
  get(key: string, type: 'text'): Promise<string | null>;
  get(key: string, type: 'arrayBuffer'): Promise<ArrayBuffer | null>;
}

/** What the content layer uses of the static assets binding. */
export interface AssetsReader {
  fetch(input: string): Promise<Response>;
}

/** The bindings content is read from. */
export interface ContentBindings {
  NEWS: KvReader;
  ASSETS: AssetsReader;
  /** Overrides how long the index is kept, in seconds (./live-index.ts; the browser tests use 0 to see a publish at once). */
  NEWS_LIST_TTL_SECONDS?: string;
  /** D1, asked only when KV has lost both its meta and its published marker (./publish-record.ts). Absent in Node's stand-ins. */
  DB?: D1Reader;
}

export type Source = 'kv' | 'bundle';

/**
 * KV failed and no good copy can stand in: the page is a clean 503, never the
 * other source's data (src/routes/status.tsx).
 */
export class ContentUnavailableError extends Error {
  constructor(readonly key: string) {
    super(`content unavailable: ${key}`);
    this.name = 'ContentUnavailableError';
  }
}

// The fetch URL's host is ignored by the assets binding; only the path matters.
const ASSETS_ORIGIN = 'https://assets.invalid';

/** A text value from KV: null when absent; a KV failure is logged and thrown as {@link ContentUnavailableError}. */
async function readKv(env: ContentBindings, key: string): Promise<string | null> {
  try {
    return await env.NEWS.get(key, 'text');
  } catch (error) {
    log('error', 'kv_read_failed', { key, ...describeError(error) });
    throw new ContentUnavailableError(key);
  }
}

/** A text value from the bundled assets: null when there is no such file. */
async function readBundle(env: ContentBindings, key: string): Promise<string | null> {
  const response = await env.ASSETS.fetch(`${ASSETS_ORIGIN}/${key}`);
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  return response.text();
}

/**
 * A value that is not the text its key's content hash names (garbage written
 * over it, a broken copy): never shown. A list reads it as missing; an
 * article answers the 503 (src/routes/status.tsx).
 */
export class DamagedContentError extends ContentUnavailableError {}

/**
 * The text at a content path in one source: null when absent. A key carrying a
 * content hash (src/content/index/content-hash.ts) is checked against its value, unless the
 * caller opts out (`hashChecked: false`, slug shards alone: ./index-reader.ts
 * says why): a mismatch is logged and thrown as {@link DamagedContentError}.
 * Throws {@link ContentUnavailableError} when KV fails.
 */
export async function readText(
  env: ContentBindings,
  source: Source,
  key: string,
  { hashChecked = true }: { hashChecked?: boolean } = {},
): Promise<string | null> {
  const text = source === 'kv' ? await readKv(env, key) : await readBundle(env, key);
  if (text === null || !hashChecked || matchesKey(key, text)) return text;
  log('error', 'content_hash_mismatch', { source, key });
  throw new DamagedContentError(key);
}

/** A published image's bytes from KV; null when absent or when KV fails (logged): the route answers 404. */
export async function readImage(env: ContentBindings, key: string): Promise<ArrayBuffer | null> {
  try {
    return await env.NEWS.get(key, 'arrayBuffer');
  } catch (error) {
    log('error', 'kv_read_failed', { key, ...describeError(error) });
    return null;
  }
}

/**
 * Whether KV has ever been switched to a published index (PUBLISHED_MARKER_KEY,
 * ./news-index.ts). Throws {@link ContentUnavailableError} when KV fails.
 */
export async function wasPublished(env: ContentBindings): Promise<boolean> {
  return (await readKv(env, PUBLISHED_MARKER_KEY)) !== null;
}
