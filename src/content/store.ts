import QuickLRU from 'quick-lru';
import { currentTime } from '../lib/clock';
import { describeError, log } from '../log';
import { type Author, DEFAULT_AUTHOR_SLUG, hasAuthorPage, parseRegistry } from './authors';
import { isValidSlug } from './format';
import {
  CHUNK_SIZE,
  type ChunkedList,
  type CollectionKind,
  chunksForWindow,
  collectionName,
  findInShardText,
  INDEX_META_KEY,
  type IndexMeta,
  parseCollection,
  parseCollectionName,
  parseIndexMeta,
  SITEMAP_CHUNK_SIZE,
  shardOf,
  visibleCount,
} from './news-index';
import { type NewsEntry, parseNewsItem } from './news-item';
import { isThemeSlug } from './themes';
import { parseUpdated } from './updated';

/**
 * How long an isolate keeps the index's counts (index/meta.json) before
 * reading them again. Short, so an editor's publish shows up quickly; long
 * enough that a busy isolate reads it about once a minute.
 */
export const NEWS_LIST_TTL_MS = 60_000;

/**
 * What the store uses of the KV binding. Structural rather than workerd's
 * KVNamespace, so the publish command's tests can read an in-memory store
 * through this very code in Node.
 */
export interface KvReader {
  get(key: string, type: 'text'): Promise<string | null>;
  get(key: string, type: 'arrayBuffer'): Promise<ArrayBuffer | null>;
}

/** What the store uses of the static assets binding. */
export interface AssetsReader {
  fetch(input: string): Promise<Response>;
}

/** The bindings the store reads: KV first, then the bundled static assets. */
export interface ContentBindings {
  NEWS: KvReader;
  ASSETS: AssetsReader;
  /** Overrides {@link NEWS_LIST_TTL_MS} in seconds (the browser tests use 0 to see a publish at once). */
  NEWS_LIST_TTL_SECONDS?: string;
}

/**
 * Where the index is read from. All index keys come from the source whose
 * meta was read, so one request never mixes a KV list with the bundled one.
 * The meta names every chunk's key (news-index.ts), and those keys are never
 * rewritten with other content, so the chunks read with one meta always
 * belong to the same list.
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

/** Logs an optional meta value left out (the featured slug): the list is still used. */
const ignoredIn = (source: NewsIndex['source']) => (field: string, reason: string) =>
  log('warn', 'news_index_value_ignored', { source, key: INDEX_META_KEY, field, reason });

async function loadIndex(env: ContentBindings): Promise<NewsIndex> {
  const fromKv = await readFromKv(env, INDEX_META_KEY);
  if (fromKv != null) {
    try {
      return { meta: parseIndexMeta(fromKv, ignoredIn('kv')), source: 'kv' };
    } catch (error) {
      log('error', 'news_index_invalid', { source: 'kv', key: INDEX_META_KEY, ...describeError(error) });
    }
  }
  const fromBundle = await readFromBundle(env, INDEX_META_KEY);
  if (fromBundle === null) throw new Error('bundled news index is missing');
  return { meta: parseIndexMeta(fromBundle, ignoredIn('bundle')), source: 'bundle' };
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

/**
 * {@link readIndexText}, saying whether the bundle answered for a failed KV
 * read. A chunk the meta names but its source lacks is logged: the publish
 * command writes chunks before the meta, so it means lost or damaged data.
 */
async function readIndexValue(env: ContentBindings, index: NewsIndex, key: string) {
  const fromKv = index.source === 'kv' ? await readFromKv(env, key) : undefined;
  const result =
    fromKv !== undefined ? { text: fromKv, fellBack: false } : { text: await readFromBundle(env, key), fellBack: index.source === 'kv' };
  if (result.text === null) log('error', 'news_index_chunk_missing', { source: index.source, key });
  return result;
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

/**
 * A checked entry, or null for a bad one: skipped and logged rather than
 * breaking the page. A bad optional field is left out of the entry, logged.
 */
function checkedEntry(value: unknown, key: string): NewsEntry | null {
  const parsed = parseNewsItem(value, (field, reason) =>
    log('warn', 'news_item_field_dropped', { key, slug: (value as { slug?: unknown }).slug, field, reason }),
  );
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

/** Checked page chunks per list (the meta, a collection): they go with their index. */
const pageChunkCache = new WeakMap<ChunkedList, QuickLRU<number, PageChunk>>();

/**
 * A page chunk's raw values, checked: at most CHUNK_SIZE of them (a longer
 * chunk is corrupt, and its extra items would shift every page), and a slug
 * seen before in the chunk is dropped (keeping the first), so no page shows an
 * article twice and no caller loops over copies of one article.
 */
function checkedPageChunk(raw: readonly unknown[], key: string): PageChunk {
  const seen = new Set<string>();
  return raw.slice(0, CHUNK_SIZE).map((value) => {
    const entry = checkedEntry(value, key);
    if (!entry) return null;
    if (seen.has(entry.slug)) {
      log('warn', 'news_item_skipped', { key, reason: `duplicate slug "${entry.slug}"` });
      return null;
    }
    seen.add(entry.slug);
    return entry;
  });
}

/** A chunk number the index has: a corrupt or hostile caller value reads nothing. */
const inRange = (n: number, chunks: number) => Number.isInteger(n) && n >= 0 && n < chunks;

/**
 * Page chunk n, read, parsed and checked once per index rather than on every
 * request (that was a twentieth of a home render). A chunk's key names its
 * content, and a new index is read with the meta ({@link NEWS_LIST_TTL_MS}):
 * kept as long as its index, a chunk is as fresh as the counts. Not kept: a
 * chunk the bundle gave for a failed KV read, a missing one, invalid JSON.
 */
async function getPageChunk(env: ContentBindings, index: NewsIndex, n: number, list: ChunkedList = index.meta): Promise<PageChunk> {
  if (!inRange(n, list.pageChunks)) return [];
  const cache = pageChunkCache.get(list) ?? new QuickLRU<number, PageChunk>({ maxSize: PAGE_CHUNKS_KEPT });
  const kept = cache.get(n);
  if (kept) return kept;
  const key = list.pageKeys[n]!;
  const { text, fellBack } = await readIndexValue(env, index, key);
  const raw = text === null ? null : parseIndexJson<unknown>(text, key);
  if (!Array.isArray(raw)) return [];
  const chunk = checkedPageChunk(raw, key);
  if (!fellBack) {
    cache.set(n, chunk);
    pageChunkCache.set(list, cache);
  }
  return chunk;
}

/**
 * How many articles readers can see now: the count without the scheduled
 * ones whose time has not come (the newest end of the list). Every list a
 * reader sees (grid pages, feed, sitemap, related picks) counts from it.
 */
export const visibleArticles = (index: NewsIndex, now = currentTime()) => visibleCount(index.meta, now);

/** How many page chunks hold the visible articles. */
export const visiblePageChunks = (index: NewsIndex, now = currentTime()) => Math.ceil(visibleArticles(index, now) / CHUNK_SIZE);

/** How many sitemap files the visible articles need. */
export const visibleSitemapChunks = (index: NewsIndex, now = currentTime()) => Math.ceil(visibleArticles(index, now) / SITEMAP_CHUNK_SIZE);

/**
 * The articles at newest-first positions [from, to) of the visible ones: what
 * page N of the grid and the feed show. One or two small reads, whatever the
 * archive's size. A slug in both chunks (corrupt data) is shown once.
 */
export async function getNewest(
  env: ContentBindings,
  index: NewsIndex,
  from: number,
  to: number,
  now = currentTime(),
  list: ChunkedList = index.meta,
): Promise<NewsEntry[]> {
  const window = chunksForWindow(visibleCount(list, now), from, to);
  if (!window) return [];
  const ascending: (NewsEntry | null)[] = [];
  for (let n = window.firstChunk; n <= window.lastChunk; n++) ascending.push(...(await getPageChunk(env, index, n, list)));
  const offset = window.firstChunk * CHUNK_SIZE;
  const seen = new Set<string>();
  const unique = ascending.slice(window.first - offset, window.last - offset + 1).filter((entry): entry is NewsEntry => {
    if (!entry || seen.has(entry.slug)) return false;
    seen.add(entry.slug);
    return true;
  });
  return unique.reverse();
}

/** The ascending chunk n of the grid (for related picks from a random period), visible items only; each slug once. */
export async function getChunk(env: ContentBindings, index: NewsIndex, n: number, now = currentTime()): Promise<NewsEntry[]> {
  const visible = visibleArticles(index, now) - n * CHUNK_SIZE;
  return (await getPageChunk(env, index, n)).slice(0, Math.max(0, visible)).filter(isEntry);
}

/** The article with this slug, or null, also while it is scheduled (its `data` still to come): one read of its shard. */
export async function findArticle(env: ContentBindings, index: NewsIndex, slug: string, now = currentTime()): Promise<NewsEntry | null> {
  const entry = await findStored(env, index, slug);
  return entry && entry.published <= now ? entry : null;
}

/** How many articles an index keeps the entry of (found by slug), and how many bodies (by path). */
const ENTRIES_KEPT = 64;
const BODIES_KEPT = 16;

/**
 * Per index, the articles read lately: their entries and their bodies. An
 * article rendered again (the edge and memory caches keep a page two minutes)
 * then costs no read at all; before, each render read its slug shard and its
 * body again (two subrequests, most of an uncached article's cost under
 * `wrangler dev`). Both are as fresh as the index: a shard's key names its
 * content, a published body's path carries its hash, and a new index (read with
 * the meta, {@link NEWS_LIST_TTL_MS}) starts empty. Only what its source gave
 * is kept (not a bundle value standing in for a failed KV read), and never a
 * miss, which may be a failed read.
 */
const articleCache = new WeakMap<NewsIndex, { entries: QuickLRU<string, NewsEntry>; bodies: QuickLRU<string, string> }>();

function articleCacheOf(index: NewsIndex) {
  let cache = articleCache.get(index);
  if (!cache) {
    cache = { entries: new QuickLRU({ maxSize: ENTRIES_KEPT }), bodies: new QuickLRU({ maxSize: BODIES_KEPT }) };
    articleCache.set(index, cache);
  }
  return cache;
}

/** The stored article with this slug, shown yet or not. */
async function findStored(env: ContentBindings, index: NewsIndex, slug: string): Promise<NewsEntry | null> {
  const { entries } = articleCacheOf(index);
  const kept = entries.get(slug);
  if (kept) return kept;
  const key = index.meta.shardKeys[shardOf(slug)];
  if (!key) return null;
  const { text, fellBack } = await readIndexValue(env, index, key);
  const raw = text === null ? undefined : itemInShard(text, slug, key);
  const entry = raw === undefined ? null : checkedEntry(raw, key);
  if (entry?.slug !== slug) return null;
  if (!fellBack) entries.set(slug, entry);
  return entry;
}

/** A shard's raw item for a slug: picked out of the text when it can be, else by parsing the whole shard. */
function itemInShard(text: string, slug: string, key: string): unknown {
  const found = findInShardText(text, slug);
  if (typeof found === 'object' && found !== null && (found as { slug?: unknown }).slug === slug) return found;
  const entries = parseIndexJson<unknown>(text, key);
  if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) return undefined;
  return Object.hasOwn(entries, slug) ? (entries as Record<string, unknown>)[slug] : undefined;
}

/** The featured article per index object, once found (or null when the meta names none that can be shown). */
const featuredCache = new WeakMap<NewsIndex, NewsEntry | null>();

/**
 * The article the home page features: the one the meta names (the newest
 * marked `destaque`, found when the index was built), read from its slug
 * shard once per index. Null when none is marked, or when the named one is
 * missing or no longer marked (logged): the page then shows its fixed block.
 */
export async function getFeatured(env: ContentBindings, index: NewsIndex, now = currentTime()): Promise<NewsEntry | null> {
  const slug = index.meta.featured;
  if (slug === null) return null;
  if (featuredCache.has(index)) return featuredCache.get(index)!;
  const entry = await findStored(env, index, slug);
  // Scheduled: the fixed block until its time, then it (asked again on each read until then).
  if (entry && entry.published > now) return null;
  const featured = entry?.destaque === true ? entry : null;
  if (!featured) log('warn', 'featured_item_unusable', { source: index.source, slug, reason: entry ? 'not marked destaque' : 'not found' });
  // Not found may be a failed read: asked again next time rather than kept with the index.
  if (entry) featuredCache.set(index, featured);
  return featured;
}

/** A sitemap pair whose slug and date are what the sitemap may print. */
function isSitemapPair(value: unknown): value is [string, string] {
  if (!Array.isArray(value) || value.length !== 2) return false;
  const [slug, date] = value as unknown[];
  return typeof slug === 'string' && isValidSlug(slug) && typeof date === 'string' && parseUpdated(date) !== null;
}

/**
 * [slug, date] pairs of sitemap chunk n: checked (a bad pair is skipped, so
 * nothing stored reaches the XML unchecked), each slug once, at most
 * SITEMAP_CHUNK_SIZE. One log line per chunk, not per pair: a corrupt chunk
 * could hold thousands.
 */
export async function getSitemapChunk(env: ContentBindings, index: NewsIndex, n: number, now = currentTime()): Promise<[string, string][]> {
  if (!inRange(n, index.meta.sitemapChunks)) return [];
  // Pairs are in the list's ascending order: the scheduled ones are the last.
  const visible = Math.min(SITEMAP_CHUNK_SIZE, Math.max(0, visibleArticles(index, now) - n * SITEMAP_CHUNK_SIZE));
  const key = index.meta.sitemapKeys[n]!;
  const text = await readIndexText(env, index, key);
  const raw = text === null ? null : parseIndexJson<unknown>(text, key);
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const pairs: [string, string][] = [];
  let skipped = 0;
  for (const value of raw.slice(0, visible)) {
    if (isSitemapPair(value) && !seen.has(value[0])) {
      seen.add(value[0]);
      pairs.push([value[0], value[1]]);
    } else skipped++;
  }
  if (skipped > 0 || raw.length > SITEMAP_CHUNK_SIZE)
    log('warn', 'sitemap_entries_skipped', { key, skipped, extra: Math.max(0, raw.length - SITEMAP_CHUNK_SIZE) });
  return pairs;
}

/** Each index's collections, read and checked once (null: named but unreadable, logged). */
const collectionCache = new WeakMap<NewsIndex, Map<string, ChunkedList | null>>();

/**
 * An author's or a theme's list, to page through with {@link getNewest}:
 * one read of its file, kept with the index. An empty list when the index
 * names none (no article of theirs yet); null when it names one that cannot
 * be read (logged): the page then says so rather than showing an empty list.
 */
export async function getCollection(
  env: ContentBindings,
  index: NewsIndex,
  kind: CollectionKind,
  slug: string,
): Promise<ChunkedList | null> {
  const name = collectionName(kind, slug);
  const key = index.meta.collections.get(name);
  if (key === undefined) return EMPTY_LIST;
  const cache = collectionCache.get(index) ?? new Map<string, ChunkedList | null>();
  if (cache.has(name)) return cache.get(name)!;
  const { text, fellBack } = await readIndexValue(env, index, key);
  let list: ChunkedList | null = null;
  if (text !== null) {
    try {
      list = parseCollection(name, text);
    } catch (error) {
      log('error', 'news_index_invalid', { source: index.source, key, ...describeError(error) });
    }
  }
  if (!fellBack && text !== null) {
    cache.set(name, list);
    collectionCache.set(index, cache);
  }
  return list;
}

const EMPTY_LIST: ChunkedList = { count: 0, pageChunks: 0, pageKeys: [], scheduled: [] };

/** How many of a list's articles readers can see now. */
export const visibleIn = (list: ChunkedList, now = currentTime()) => visibleCount(list, now);

/** Each index's author registry, once read (empty when it has none or it is unreadable, logged). */
const registryCache = new WeakMap<NewsIndex, ReadonlyMap<string, Author>>();

/**
 * The author registry the index names: one read per index, kept with it. A
 * bad entry is left out (logged); an unreadable registry is empty (logged),
 * and every article then shows the site's editor.
 */
export async function getAuthors(env: ContentBindings, index: NewsIndex): Promise<ReadonlyMap<string, Author>> {
  const kept = registryCache.get(index);
  if (kept) return kept;
  const key = index.meta.authorsKey;
  if (key === null) return new Map();
  const { text, fellBack } = await readIndexValue(env, index, key);
  let authors: ReadonlyMap<string, Author> = new Map();
  if (text !== null) {
    try {
      authors = parseRegistry(text, (slug, reason) => log('warn', 'author_skipped', { key, slug: slug.slice(0, 140), reason }));
    } catch (error) {
      log('error', 'news_index_invalid', { source: index.source, key, ...describeError(error) });
    }
  }
  if (!fellBack && text !== null) registryCache.set(index, authors);
  return authors;
}

/**
 * The author and theme pages the index's lists give a page to, as names
 * (`autor/<slug>`, `tema/<slug>`): a theme of the fixed table, an author the
 * registry lists or the site's editor. Anyone else's list (an author since
 * dropped from the registry, a name in a damaged meta) would put a 404 in
 * the sitemap.
 */
export async function collectionsWithPages(env: ContentBindings, index: NewsIndex): Promise<string[]> {
  const lists = [...index.meta.collections.keys()].flatMap((name) => {
    const parsed = parseCollectionName(name);
    return parsed ? [{ name, ...parsed }] : [];
  });
  // The registry is read only when an author's list needs it.
  const registry = lists.some(({ kind }) => kind === 'autor') ? await getAuthors(env, index) : new Map();
  return lists.filter(({ kind, slug }) => (kind === 'tema' ? isThemeSlug(slug) : hasAuthorPage(registry, slug))).map(({ name }) => name);
}

/**
 * The author who signs an article: its `autor` from the registry, else the
 * site's editor (from the registry when it lists her, else `fallback`, the
 * name and role of the site's settings). An `autor` the registry lacks is
 * logged: the article is still signed, by the editor.
 */
export async function getAuthorOf(
  env: ContentBindings,
  index: NewsIndex,
  item: { slug: string; autor?: string },
  fallback: Omit<Author, 'slug' | 'bio'>,
): Promise<Author> {
  return signingAuthor(await getAuthors(env, index), item, fallback);
}

/** {@link getAuthorOf} over a registry already read: for a list of items (the feed), one registry read for all. */
export function signingAuthor(
  authors: ReadonlyMap<string, Author>,
  item: { slug: string; autor?: string },
  fallback: Omit<Author, 'slug' | 'bio'>,
): Author {
  const wanted = item.autor ?? DEFAULT_AUTHOR_SLUG;
  const author = authors.get(wanted);
  if (author) return author;
  if (wanted !== DEFAULT_AUTHOR_SLUG) log('warn', 'author_unknown', { slug: item.slug, autor: wanted });
  return authors.get(DEFAULT_AUTHOR_SLUG) ?? { slug: DEFAULT_AUTHOR_SLUG, bio: '', ...fallback };
}

/**
 * An article's HTML body, or null when neither KV nor the bundle has it.
 * While the index is the bundled one (KV has none), so is every body it
 * names: read from the bundle at once, without a KV read that can only miss
 * (a body's name carries a hash of its text, so KV could hold no other).
 * Kept with its index ({@link articleCache}).
 */
export async function getArticleBody(env: ContentBindings, item: NewsEntry, index?: NewsIndex): Promise<string | null> {
  const bodies = index && articleCacheOf(index).bodies;
  const kept = bodies?.get(item.htmlPath);
  if (kept !== undefined) return kept;
  // undefined: KV failed, and the bundle answered in its place.
  const fromKv = index?.source === 'bundle' ? null : await readFromKv(env, item.htmlPath);
  const text = fromKv ?? (await readFromBundle(env, item.htmlPath));
  if (text !== null && fromKv !== undefined) bodies?.set(item.htmlPath, text);
  return text;
}
