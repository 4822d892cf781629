import QuickLRU from 'quick-lru';
import { describeError, log } from '../log';
import { parseNewsItem, type NewsEntry } from './news-item';
import {
  chunksForWindow,
  findInShardText,
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
async function readIndexText(env: ContentBindings, index: NewsIndex, key: string): Promise<string | null> {
  return (await readIndexValue(env, index, key)).text;
}

/** {@link readIndexText}, saying whether the bundle answered for a failed KV read. */
async function readIndexValue(env: ContentBindings, index: NewsIndex, key: string) {
  const fromKv = index.source === 'kv' ? await readFromKv(env, key) : undefined;
  if (fromKv !== undefined) return { text: fromKv, fellBack: false };
  return { text: await readFromBundle(env, key), fellBack: index.source === 'kv' };
}

/** An index value's JSON, parsed; null (logged) when it is not valid JSON. */
function parseIndexJson<T>(text: string, key: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    log('error', 'news_index_invalid', { key, ...describeError(error) });
    return null;
  }
}

async function readIndexJson<T>(env: ContentBindings, index: NewsIndex, key: string): Promise<T | null> {
  const text = await readIndexText(env, index, key);
  return text === null ? null : parseIndexJson<T>(text, key);
}

/** A checked entry, or null for a bad one: skipped and logged rather than breaking the page. */
function checkedEntry(value: unknown, key: string): NewsEntry | null {
  const parsed = parseNewsItem(value);
  if (typeof parsed !== 'string') return parsed;
  log('warn', 'news_item_skipped', { key, reason: parsed });
  return null;
}

const isEntry = (entry: NewsEntry | null): entry is NewsEntry => entry !== null;

/** A page chunk's items, ascending, checked; null in the place of a bad one (so positions hold). */
type PageChunk = readonly (NewsEntry | null)[];

/**
 * How many checked page chunks an index keeps. The grid's first pages and the
 * feed use one or two; related picks read a random one, so those rotate.
 */
const PAGE_CHUNKS_KEPT = 64;

/** Checked page chunks per index object; they go with their index. */
const pageChunkCache = new WeakMap<NewsIndex, QuickLRU<number, PageChunk>>();

/**
 * Page chunk n, read, parsed and checked once per index rather than on every
 * request (that was a twentieth of a home render). A chunk changes only with a
 * publish, which shows once the index is read again ({@link NEWS_LIST_TTL_MS}):
 * kept as long as its index, a chunk is as fresh as the counts. Not kept: a
 * chunk the bundle gave for a failed KV read, a missing one, invalid JSON.
 */
async function getPageChunk(env: ContentBindings, index: NewsIndex, n: number): Promise<PageChunk> {
  const cache = pageChunkCache.get(index) ?? new QuickLRU<number, PageChunk>({ maxSize: PAGE_CHUNKS_KEPT });
  const kept = cache.get(n);
  if (kept) return kept;
  const key = pageChunkKey(n);
  const { text, fellBack } = await readIndexValue(env, index, key);
  const raw = text === null ? null : parseIndexJson<unknown[]>(text, key);
  if (!Array.isArray(raw)) return [];
  const chunk = raw.map((value) => checkedEntry(value, key));
  if (!fellBack) {
    cache.set(n, chunk);
    pageChunkCache.set(index, cache);
  }
  return chunk;
}

/**
 * The articles at newest-first positions [from, to): what page N of the grid,
 * the feed and the related picks show. One or two small reads, whatever the
 * archive's size.
 */
export async function getNewest(env: ContentBindings, index: NewsIndex, from: number, to: number): Promise<NewsEntry[]> {
  const window = chunksForWindow(index.meta.count, from, to);
  if (!window) return [];
  const ascending: (NewsEntry | null)[] = [];
  for (let n = window.firstChunk; n <= window.lastChunk; n++) ascending.push(...(await getPageChunk(env, index, n)));
  const offset = window.firstChunk * index.meta.chunkSize;
  return ascending.slice(window.first - offset, window.last - offset + 1).reverse().filter(isEntry);
}

/** The ascending chunk n of the grid (for related picks from a random period). */
export async function getChunk(env: ContentBindings, index: NewsIndex, n: number): Promise<NewsEntry[]> {
  return (await getPageChunk(env, index, n)).filter(isEntry);
}

/** The article with this slug, or null: one read of its shard. */
export async function findArticle(env: ContentBindings, index: NewsIndex, slug: string): Promise<NewsEntry | null> {
  const shard = shardOf(slug);
  if (!index.meta.shards.includes(shard)) return null;
  const key = slugShardKey(shard);
  const text = await readIndexText(env, index, key);
  const raw = text === null ? undefined : itemInShard(text, slug, key);
  return raw === undefined ? null : checkedEntry(raw, key);
}

/** A shard's raw item for a slug: picked out of the text when it can be, else by parsing the whole shard. */
function itemInShard(text: string, slug: string, key: string): unknown {
  const found = findInShardText(text, slug);
  if (typeof found === 'object' && found !== null && (found as { slug?: unknown }).slug === slug) return found;
  const entries = parseIndexJson<Record<string, unknown>>(text, key);
  return entries && Object.hasOwn(entries, slug) ? entries[slug] : undefined;
}

/** [slug, date] pairs of sitemap chunk n. */
export async function getSitemapChunk(env: ContentBindings, index: NewsIndex, n: number): Promise<[string, string][]> {
  return (await readIndexJson<[string, string][]>(env, index, sitemapChunkKey(n))) ?? [];
}

/** An article's HTML body, or null when neither KV nor the bundle has it. */
export function getArticleBody(env: ContentBindings, item: NewsEntry): Promise<string | null> {
  return readContent(env, item.htmlPath);
}
