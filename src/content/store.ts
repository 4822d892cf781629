import { describeError, log } from '../log';
import { parseNewsItem, type NewsEntry } from './news-item';
import {
  chunksForWindow,
  INDEX_META_KEY,
  pageChunkKey,
  shardOf,
  sitemapChunkKey,
  slugShardKey,
  type IndexMeta,
} from './news-index';

/**
 * How long an isolate keeps the index's counts (index/meta.json) before
 * reading them again. Short, so an editor's publish shows up quickly; long
 * enough that a busy isolate reads it about once a minute.
 */
export const NEWS_LIST_TTL_MS = 60_000;

/** The bindings the store reads: KV first, then the bundled static assets. */
export interface ContentBindings {
  NEWS: KVNamespace;
  ASSETS: Fetcher;
  /** Overrides {@link NEWS_LIST_TTL_MS} in seconds (the browser tests use 0 to see a publish at once). */
  NEWS_LIST_TTL_SECONDS?: string;
}

/**
 * Where the index is read from. All index keys come from the source whose
 * meta was read, so one request never mixes a KV list with the bundled one.
 */
export interface NewsIndex {
  meta: IndexMeta;
  source: 'kv' | 'bundle';
}

// The fetch URL's host is ignored by the assets binding; only the path matters.
const ASSETS_ORIGIN = 'https://assets.invalid';

let cachedIndex: { index: NewsIndex; expires: number } | undefined;

/** Forgets the per-isolate index, so the next read goes to KV again. */
export function clearNewsListCache(): void {
  cachedIndex = undefined;
}

/** Reads a content path from KV: null when absent, undefined when KV throws (logged). */
async function readFromKv(env: ContentBindings, key: string): Promise<string | null | undefined> {
  try {
    return await env.NEWS.get(key, 'text');
  } catch (error) {
    log('error', 'kv_read_failed', { key, ...describeError(error) });
    return undefined;
  }
}

/** Binary content (a published image) from KV; null when absent or when KV throws (logged). */
export async function readBinaryFromKv(env: ContentBindings, key: string): Promise<ArrayBuffer | null> {
  try {
    return await env.NEWS.get(key, 'arrayBuffer');
  } catch (error) {
    log('error', 'kv_read_failed', { key, ...describeError(error) });
    return null;
  }
}

/** Reads a content path from the bundled assets; null when there is no such file. */
async function readFromBundle(env: ContentBindings, key: string): Promise<string | null> {
  const response = await env.ASSETS.fetch(`${ASSETS_ORIGIN}/${key}`);
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  return response.text();
}

/** The text at a content path: KV wins, the bundle fills in. */
export async function readContent(env: ContentBindings, key: string): Promise<string | null> {
  return (await readFromKv(env, key)) ?? (await readFromBundle(env, key));
}

function parseMeta(text: string): IndexMeta {
  const meta = JSON.parse(text) as IndexMeta;
  if (meta.version !== 1 || !Number.isInteger(meta.count) || !Array.isArray(meta.shards)) {
    throw new Error('index/meta.json has an unknown shape');
  }
  return meta;
}

async function loadIndex(env: ContentBindings): Promise<NewsIndex> {
  const fromKv = await readFromKv(env, INDEX_META_KEY);
  if (fromKv != null) {
    try {
      return { meta: parseMeta(fromKv), source: 'kv' };
    } catch (error) {
      log('error', 'news_index_invalid', { source: 'kv', ...describeError(error) });
    }
  }
  const fromBundle = await readFromBundle(env, INDEX_META_KEY);
  if (fromBundle === null) throw new Error('bundled news index is missing');
  return { meta: parseMeta(fromBundle), source: 'bundle' };
}

/** The index's counts and source, kept per isolate for {@link NEWS_LIST_TTL_MS}. */
export async function getNewsIndex(env: ContentBindings, now = Date.now()): Promise<NewsIndex> {
  if (cachedIndex && cachedIndex.expires > now) return cachedIndex.index;
  const index = await loadIndex(env);
  const ttl = env.NEWS_LIST_TTL_SECONDS ? Number(env.NEWS_LIST_TTL_SECONDS) * 1000 : NEWS_LIST_TTL_MS;
  cachedIndex = { index, expires: now + (Number.isFinite(ttl) ? ttl : NEWS_LIST_TTL_MS) };
  return index;
}

/**
 * An index value from the index's own source. A key the KV index lacks is
 * absent (never the bundle's value, which belongs to another list); only a KV
 * failure falls back to the bundle.
 */
async function readIndexJson<T>(env: ContentBindings, index: NewsIndex, key: string): Promise<T | null> {
  const fromKv = index.source === 'kv' ? await readFromKv(env, key) : undefined;
  const text = fromKv === undefined ? await readFromBundle(env, key) : fromKv;
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    log('error', 'news_index_invalid', { key, ...describeError(error) });
    return null;
  }
}

/** Checked entries; a bad one is skipped and logged rather than breaking the page. */
function validEntries(raw: unknown[], key: string): NewsEntry[] {
  const entries: NewsEntry[] = [];
  for (const value of raw) {
    const parsed = parseNewsItem(value);
    if (typeof parsed === 'string') log('warn', 'news_item_skipped', { key, reason: parsed });
    else entries.push(parsed);
  }
  return entries;
}

/**
 * The articles at newest-first positions [from, to): what page N of the grid,
 * the feed and the related picks show. One or two small reads, whatever the
 * archive's size.
 */
export async function getNewest(env: ContentBindings, index: NewsIndex, from: number, to: number): Promise<NewsEntry[]> {
  const window = chunksForWindow(index.meta.count, from, to);
  if (!window) return [];
  const ascending: unknown[] = [];
  for (let n = window.firstChunk; n <= window.lastChunk; n++) {
    ascending.push(...((await readIndexJson<unknown[]>(env, index, pageChunkKey(n))) ?? []));
  }
  const offset = window.firstChunk * index.meta.chunkSize;
  const slice = ascending.slice(window.first - offset, window.last - offset + 1);
  return validEntries(slice.reverse(), pageChunkKey(window.firstChunk));
}

/** The ascending chunk n of the grid (for related picks from a random period). */
export async function getChunk(env: ContentBindings, index: NewsIndex, n: number): Promise<NewsEntry[]> {
  return validEntries((await readIndexJson<unknown[]>(env, index, pageChunkKey(n))) ?? [], pageChunkKey(n));
}

/** The article with this slug, or null: one read of its shard. */
export async function findArticle(env: ContentBindings, index: NewsIndex, slug: string): Promise<NewsEntry | null> {
  const shard = shardOf(slug);
  if (!index.meta.shards.includes(shard)) return null;
  const entries = await readIndexJson<Record<string, unknown>>(env, index, slugShardKey(shard));
  const raw = entries && Object.hasOwn(entries, slug) ? entries[slug] : undefined;
  return raw === undefined ? null : (validEntries([raw], slugShardKey(shard))[0] ?? null);
}

/** [slug, date] pairs of sitemap chunk n. */
export async function getSitemapChunk(env: ContentBindings, index: NewsIndex, n: number): Promise<[string, string][]> {
  return (await readIndexJson<[string, string][]>(env, index, sitemapChunkKey(n))) ?? [];
}

/** An article's HTML body, or null when neither KV nor the bundle has it. */
export function getArticleBody(env: ContentBindings, item: NewsEntry): Promise<string | null> {
  return readContent(env, item.htmlPath);
}
