import { fnv1a } from '../lib/hash';
import { PAGE_SIZE } from '../lib/pagination';
import { type Author, authorOf, MAX_AUTHORS } from './authors';
import { isValidSlug } from './format';
import type { NewsItem } from './news-item';
import { THEME_LIST, themesOf } from './themes';
import { isValidUpdate, publicationInstant } from './updated';

/**
 * The news list, split so that no request reads more than a few small values,
 * whatever the archive's size (100,000 articles and more). Computed by the
 * build (bundled content) and by the editors' publish command, never by the
 * worker. All chunks hold the list in ascending order (oldest first), so a new
 * article only changes the last chunk of each kind.
 *
 * Every chunk's key carries a hash of its content, so a chunk key is never
 * overwritten with other content: a publish writes new keys beside the live
 * ones, and `index/meta.json`, the only key that changes, names them. Writing
 * it is the atomic switch from the old list to the new one.
 *
 * | key | holds |
 * |---|---|
 * | `index/meta.json` | the count, the hash of every chunk, the featured slug and the scheduled times; written last, it makes a publish visible |
 * | `index/pages/<n>.<hash>.json` | 24 items: the grid's pages are read from one or two of these |
 * | `index/slugs/<s>.<hash>.json` | slug → item, for the slugs that hash to shard s (article lookup) |
 * | `index/sitemaps/<n>.<hash>.json` | [slug, lastmod] pairs (`atualizado`, else `data`), 5,000 per chunk (one sitemap file each) |
 * | `index/list/<n>.<hash>.json` | the full items, 10,000 per chunk: what the publish command merges with |
 * | `index/collections/<kind>/<slug>.<hash>.json` | one author's or theme's list: its count, the hash of each of its page chunks, its scheduled times |
 * | `index/collections/<kind>/<slug>/<n>.<hash>.json` | 24 items of that list, ascending, like `index/pages/` |
 * | `index/authors.<hash>.json` | the author registry: slug → name, role, bio, photo |
 *
 * A collection's page chunks are named by its own file, not by the meta, so
 * the meta stays small however many authors write: an author's or a theme's
 * page reads the meta, the collection's file and one or two of its chunks.
 */
export const INDEX_META_KEY = 'index/meta.json';

/**
 * Written by every publish right after its switch, and never deleted: KV has
 * been published to. Without it a missing meta is a fresh deployment (the
 * bundle serves); with it, a lost meta (the site answers 503, never the
 * bundle's samples). Not before the switch: a first publish stopped halfway
 * leaves the site on the bundle, as before it.
 */
export const PUBLISHED_MARKER_KEY = 'index/published.json';
const INDEX_VERSION = 2;
export const CHUNK_SIZE = PAGE_SIZE;
const SLUG_SHARDS = 256;
export const SITEMAP_CHUNK_SIZE = 5_000;
const LIST_CHUNK_SIZE = 10_000;
/**
 * Hex characters of a chunk's content hash: 40 bits tell the versions of one
 * chunk apart (the key also carries its position) and keep the meta small
 * (about 58 KB at 100,000 articles, 4,167 page chunks).
 */
export const HASH_LENGTH = 10;
/** Far above any real archive; bounds what a corrupt meta can make a request loop over. */
const MAX_ARTICLES = 5_000_000;
/** How many articles may wait for their `data` at once (the meta lists each one's time). */
export const MAX_SCHEDULED = 1_000;

const HASH = /^[0-9a-f]{10}$/;

/**
 * The content hash of a chunk's text: HASH_LENGTH lowercase hex characters.
 * Passed in by the caller, so the worker bundle never carries a crypto
 * library: the Node commands use SHA-256 (scripts/content/content-hash.ts).
 */
export type ContentHash = (text: string) => string;

type ChunkKind = 'pages' | 'slugs' | 'sitemaps' | 'list';

const chunkKey = (kind: ChunkKind, n: number, hash: string) => `index/${kind}/${n}.${hash}.json`;
const pageChunkKey = (n: number, hash: string) => chunkKey('pages', n, hash);
const slugShardKey = (shard: number, hash: string) => chunkKey('slugs', shard, hash);
const sitemapChunkKey = (n: number, hash: string) => chunkKey('sitemaps', n, hash);
const listChunkKey = (n: number, hash: string) => chunkKey('list', n, hash);

/** The lists beside the main one: an author's articles (`autor`) and a theme's (`tema`). */
export type CollectionKind = 'autor' | 'tema';
/** A collection's name, as the meta keys it: `autor/<slug>`, `tema/<slug>`. */
export const collectionName = (kind: CollectionKind, slug: string) => `${kind}/${slug}`;
const COLLECTION_NAME = /^(autor|tema)\/(.+)$/;
/** A name read back: `autor/<slug>` or `tema/<slug>`, the slug as an article's (so a stored name never makes an overlong or odd key); else null. */
export function parseCollectionName(name: string): { kind: CollectionKind; slug: string } | null {
  const [, kind, slug] = COLLECTION_NAME.exec(name) ?? [];
  return slug !== undefined && isValidSlug(slug) ? { kind: kind as CollectionKind, slug } : null;
}
const isCollectionName = (name: string) => parseCollectionName(name) !== null;
const collectionKey = (name: string, hash: string) => `index/collections/${name}.${hash}.json`;
const collectionPageKey = (name: string, n: number, hash: string) => `index/collections/${name}/${n}.${hash}.json`;
const authorsKey = (hash: string) => `index/authors.${hash}.json`;
/** How many collections a meta may name: every author and every theme. */
const MAX_COLLECTIONS = MAX_AUTHORS + THEME_LIST.length;

/** Any chunk key an index names: what the garbage collection may treat as an index chunk. */
export const CHUNK_KEY_PATTERN =
  /^index\/(?:(?:pages|slugs|sitemaps|list)\/(?:0|[1-9]\d{0,6})\.[0-9a-f]{10}|collections\/(?:autor|tema)\/[a-z0-9-]{1,120}(?:\/(?:0|[1-9]\d{0,6}))?\.[0-9a-f]{10}|authors\.[0-9a-f]{10})\.json$/;

/** index/meta.json as version 2 stores it: the count and each chunk's content hash, in order. */
export interface IndexMetaFile {
  version: 2;
  count: number;
  pages: string[];
  sitemaps: string[];
  lists: string[];
  /** SLUG_SHARDS entries: the hash of shard s's chunk, or null when no slug falls in it. */
  shards: (string | null)[];
  /** The slug of the newest article marked `destaque`, for the home page's featured block; absent when none is. */
  featured?: string;
  /**
   * When each article whose `data` was still to come at build time is
   * published, in milliseconds, ascending: the newest end of the list, hidden
   * until its time passes. Absent when there is none.
   */
  scheduled?: number[];
  /** Each author's and theme's list: collection name → the hash of its file. Absent when there is none. */
  collections?: Record<string, string>;
  /** The hash of the author registry's value; absent when the registry is empty. */
  authors?: string;
}

/** A collection's file: its count, its page chunks' hashes and its scheduled times, as the main list has in the meta. */
export interface CollectionFile {
  count: number;
  pages: string[];
  scheduled?: number[];
}

/** A list read page by page, newest first: the main one (the meta) or a collection. */
export interface ChunkedList {
  count: number;
  pageChunks: number;
  pageKeys: readonly string[];
  /** The publication times of the newest items, ascending, as built: those after now are hidden. */
  scheduled: readonly number[];
}

/** The index as a reader uses it: checked counts and the exact key of every chunk. */
export interface IndexMeta extends ChunkedList {
  version: 2;
  count: number;
  pageChunks: number;
  sitemapChunks: number;
  listChunks: number;
  pageKeys: readonly string[];
  sitemapKeys: readonly string[];
  listKeys: readonly string[];
  /** SLUG_SHARDS entries: the key of shard s's chunk, or null when no slug falls in it. */
  shardKeys: readonly (string | null)[];
  /** The featured article's slug (checked), or null when none is marked. */
  featured: string | null;
  /** Collection name → the key of its file (checked names and hashes). */
  collections: ReadonlyMap<string, string>;
  /** The key of the author registry's value, or null when there is none. */
  authorsKey: string | null;
}

/** How many of the newest items are still scheduled at `now`: the last ones of the ascending list. */
export function hiddenAt(meta: Pick<ChunkedList, 'scheduled'>, now: number): number {
  let hidden = 0;
  for (let i = meta.scheduled.length - 1; i >= 0 && meta.scheduled[i]! > now; i--) hidden++;
  return hidden;
}

/** How many items a reader can see at `now`: the count without the scheduled ones still to come. */
export const visibleCount = (meta: Pick<ChunkedList, 'count' | 'scheduled'>, now: number) => meta.count - hiddenAt(meta, now);

export const shardOf = (slug: string) => fnv1a(slug) % SLUG_SHARDS;

/** Oldest first; the same day in slug order, so every build of the same list is identical. */
export function ascending(items: readonly NewsItem[]): NewsItem[] {
  return [...items].sort(
    (a, b) => String(a.data ?? '').localeCompare(String(b.data ?? '')) || String(a.slug).localeCompare(String(b.slug)),
  );
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** A sitemap's date for an item: when it was last corrected, else its publication day. */
export const lastmodOf = (item: NewsItem) =>
  typeof item.atualizado === 'string' && isValidUpdate(item.atualizado, String(item.data)) ? item.atualizado : item.data;

/** The newest item marked `destaque` (the last one in ascending order), or undefined. */
function featuredOf(sorted: readonly NewsItem[]): string | undefined {
  for (let i = sorted.length - 1; i >= 0; i--) if (sorted[i]!.destaque === true) return sorted[i]!.slug;
  return undefined;
}

/**
 * The publication times of the items still to come at `now`: the newest end
 * of the ascending list (a later item never comes before an earlier one).
 */
function scheduledOf(sorted: readonly NewsItem[], now: number): number[] {
  const times: number[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const at = publicationInstant(String(sorted[i]!.data));
    if (at === null || at <= now) break;
    times.push(at);
  }
  if (times.length > MAX_SCHEDULED) throw new Error(`${times.length} articles are scheduled; at most ${MAX_SCHEDULED} may wait at once`);
  return times.sort((a, b) => a - b);
}

/** How many chunks of `size` hold `count` items. */
const chunkCount = (count: number, size: number) => Math.ceil(count / size);

/** The collections an item belongs to: its author's (the site's editor when it names none) and each of its themes'. */
function collectionsOf(item: NewsItem): string[] {
  const autor = typeof item.autor === 'string' && isValidSlug(item.autor) ? item.autor : authorOf({});
  return [collectionName('autor', autor), ...themesOf(item).map((slug) => collectionName('tema', slug))];
}

/** An author as the registry stores it: keyed by slug, so without it. */
export type StoredAuthor = Omit<Author, 'slug'>;

/**
 * Every index key and its JSON text, for a list (in any order), with
 * `index/meta.json` last. The list must not name a slug twice (the publish
 * command drops duplicates before it gets here). `authors` is the registry
 * the index carries (slug → author).
 */
export function buildIndex(
  items: readonly NewsItem[],
  hash: ContentHash,
  now = Date.now(),
  authors: Readonly<Record<string, StoredAuthor>> = {},
): Map<string, string> {
  const sorted = ascending(items);
  const files = new Map<string, string>();
  const writeAt = (keyOf: (digest: string) => string, value: unknown) => {
    const text = JSON.stringify(value);
    const digest = hash(text);
    if (!HASH.test(digest)) throw new Error(`content hash "${digest}" is not ${HASH_LENGTH} lowercase hex characters`);
    files.set(keyOf(digest), text);
    return digest;
  };
  const write = (kind: ChunkKind, n: number, value: unknown) => writeAt((digest) => chunkKey(kind, n, digest), value);
  const pages = chunks(sorted, CHUNK_SIZE).map((chunk, n) => write('pages', n, chunk));
  const sitemaps = chunks(
    sorted.map((item) => [item.slug, lastmodOf(item)]),
    SITEMAP_CHUNK_SIZE,
  ).map((chunk, n) => write('sitemaps', n, chunk));
  const lists = chunks(sorted, LIST_CHUNK_SIZE).map((chunk, n) => write('list', n, chunk));
  const members = new Map<string, NewsItem[]>();
  for (const item of sorted) {
    for (const name of collectionsOf(item)) {
      const list = members.get(name);
      if (list) list.push(item);
      else members.set(name, [item]);
    }
  }
  const collections: Record<string, string> = {};
  for (const [name, list] of [...members].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const file: CollectionFile = {
      count: list.length,
      pages: chunks(list, CHUNK_SIZE).map((chunk, n) => writeAt((digest) => collectionPageKey(name, n, digest), chunk)),
    };
    const waiting = scheduledOf(list, now);
    if (waiting.length > 0) file.scheduled = waiting;
    collections[name] = writeAt((digest) => collectionKey(name, digest), file);
  }
  const registry = Object.keys(authors).length > 0 ? writeAt(authorsKey, sortedRecord(authors)) : undefined;
  const bySlug = new Map<number, Record<string, NewsItem>>();
  for (const item of sorted) {
    const shard = shardOf(String(item.slug));
    const entries = bySlug.get(shard) ?? {};
    entries[item.slug] = item;
    bySlug.set(shard, entries);
  }
  const shards = Array.from({ length: SLUG_SHARDS }, (_, shard) => {
    const entries = bySlug.get(shard);
    return entries ? write('slugs', shard, entries) : null;
  });
  const featured = featuredOf(sorted);
  const scheduled = scheduledOf(sorted, now);
  const meta: IndexMetaFile = {
    version: INDEX_VERSION,
    count: sorted.length,
    pages,
    sitemaps,
    lists,
    shards,
    ...(featured === undefined ? {} : { featured }),
    ...(scheduled.length === 0 ? {} : { scheduled }),
    ...(Object.keys(collections).length === 0 ? {} : { collections }),
    ...(registry === undefined ? {} : { authors: registry }),
  };
  files.set(INDEX_META_KEY, JSON.stringify(meta));
  return files;
}

/** A record with its keys in order: the same registry always gives the same text, and the same hash. */
const sortedRecord = <T>(record: Readonly<Record<string, T>>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function checkedCount(value: unknown): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0 || (value as number) > MAX_ARTICLES) {
    throw new Error(`"count" ${JSON.stringify(value)} is not an integer from 0 to ${MAX_ARTICLES}`);
  }
  return value as number;
}

/** A version-2 list of chunk hashes, exactly as long as the count needs. */
function checkedHashes(meta: Record<string, unknown>, field: string, length: number): string[] {
  const value = meta[field];
  if (!Array.isArray(value) || value.length !== length) throw new Error(`"${field}" is not a list of ${length} hashes`);
  for (const hash of value) if (typeof hash !== 'string' || !HASH.test(hash)) throw new Error(`"${field}" holds a bad hash`);
  return value as string[];
}

/** Reports an optional meta value that was ignored (the index is still used without it). */
export type IgnoredValue = (field: string, reason: string) => void;

/** The optional featured slug: a valid slug, else ignored (and reported). */
function checkedFeatured(meta: Record<string, unknown>, ignored?: IgnoredValue): string | null {
  const value = meta.featured;
  if (value === undefined) return null;
  if (typeof value === 'string' && isValidSlug(value)) return value;
  ignored?.('featured', `${JSON.stringify(value)?.slice(0, 140)} is not a slug`);
  return null;
}

/**
 * The optional scheduled times: ascending integers, no more than the count
 * nor {@link MAX_SCHEDULED}; else ignored (and reported), as if none waited.
 */
function checkedScheduled(meta: Record<string, unknown>, count: number, ignored?: IgnoredValue): number[] {
  const value = meta.scheduled;
  if (value === undefined) return [];
  const ok =
    Array.isArray(value) &&
    value.length <= Math.min(count, MAX_SCHEDULED) &&
    value.every((at, i) => Number.isSafeInteger(at) && at >= 0 && (i === 0 || at >= value[i - 1]));
  if (ok) return value as number[];
  ignored?.('scheduled', `${JSON.stringify(value)?.slice(0, 140)} is not a short ascending list of times`);
  return [];
}

/** The optional collections: at most {@link MAX_COLLECTIONS} names of the known form, each with a good hash; else ignored (reported). */
function checkedCollections(meta: Record<string, unknown>, ignored?: IgnoredValue): Map<string, string> {
  const value = meta.collections;
  const keys = new Map<string, string>();
  if (value === undefined) return keys;
  const entries = isRecord(value) ? Object.entries(value) : null;
  const ok =
    entries !== null &&
    entries.length <= MAX_COLLECTIONS &&
    entries.every(([name, hash]) => isCollectionName(name) && typeof hash === 'string' && HASH.test(hash));
  if (!ok) {
    ignored?.('collections', 'not a map of author and theme names to hashes');
    return keys;
  }
  for (const [name, hash] of entries) keys.set(name, collectionKey(name, hash as string));
  return keys;
}

/** The optional registry hash; else ignored (reported). */
function checkedAuthors(meta: Record<string, unknown>, ignored?: IgnoredValue): string | null {
  const value = meta.authors;
  if (value === undefined) return null;
  if (typeof value === 'string' && HASH.test(value)) return authorsKey(value);
  ignored?.('authors', `${JSON.stringify(value)?.slice(0, 140)} is not a hash`);
  return null;
}

/**
 * A collection's file, checked like the meta's own list: a count in range,
 * as many page hashes as it needs, ascending scheduled times. Throws with the
 * reason otherwise. `name` must be one the meta named (so checked).
 */
export function parseCollection(name: string, text: string): ChunkedList {
  const value: unknown = JSON.parse(text);
  if (!isRecord(value)) throw new Error(`the collection ${name} is not an object`);
  const count = checkedCount(value.count);
  const pages = checkedHashes(value, 'pages', chunkCount(count, CHUNK_SIZE));
  let bad = false;
  const scheduled = checkedScheduled(value, count, () => {
    bad = true;
  });
  if (bad) throw new Error(`the collection ${name} has a bad "scheduled" list`);
  return { count, pageChunks: pages.length, pageKeys: pages.map((hash, n) => collectionPageKey(name, n, hash)), scheduled };
}

function parseVersion2(meta: Record<string, unknown>, ignored?: IgnoredValue): IndexMeta {
  const count = checkedCount(meta.count);
  const pages = checkedHashes(meta, 'pages', chunkCount(count, CHUNK_SIZE));
  const sitemaps = checkedHashes(meta, 'sitemaps', chunkCount(count, SITEMAP_CHUNK_SIZE));
  const lists = checkedHashes(meta, 'lists', chunkCount(count, LIST_CHUNK_SIZE));
  const shards = meta.shards;
  if (!Array.isArray(shards) || shards.length !== SLUG_SHARDS) throw new Error(`"shards" is not a list of ${SLUG_SHARDS}`);
  let used = 0;
  const shardKeys = shards.map((hash: unknown, shard) => {
    if (hash === null) return null;
    if (typeof hash !== 'string' || !HASH.test(hash)) throw new Error('"shards" holds a bad hash');
    used++;
    return slugShardKey(shard, hash);
  });
  if (used > count || (count > 0 && used === 0)) throw new Error(`"shards" names ${used} shards for ${count} articles`);
  return {
    version: 2,
    count,
    pageChunks: pages.length,
    sitemapChunks: sitemaps.length,
    listChunks: lists.length,
    pageKeys: pages.map((hash, n) => pageChunkKey(n, hash)),
    sitemapKeys: sitemaps.map((hash, n) => sitemapChunkKey(n, hash)),
    listKeys: lists.map((hash, n) => listChunkKey(n, hash)),
    shardKeys,
    featured: checkedFeatured(meta, ignored),
    scheduled: checkedScheduled(meta, count, ignored),
    collections: checkedCollections(meta, ignored),
    authorsKey: checkedAuthors(meta, ignored),
  };
}

/**
 * index/meta.json's text, checked: every count an integer in range, every
 * list as long as the count needs, every hash well formed. Throws with the
 * reason otherwise, so a corrupt or unknown meta is never half used. An
 * optional value that fails its check (the featured slug) is left out and
 * reported through `ignored`: the list itself is still good.
 */
export function parseIndexMeta(text: string, ignored?: IgnoredValue): IndexMeta {
  const meta: unknown = JSON.parse(text);
  if (!isRecord(meta)) throw new Error('index/meta.json is not an object');
  if (meta.version !== INDEX_VERSION) throw new Error(`index/meta.json has unknown version ${JSON.stringify(meta.version)}`);
  return parseVersion2(meta, ignored);
}

/**
 * Every chunk key a meta names (not the meta itself), with the collections'
 * files and the registry. The collections' page chunks are named by their
 * files: see {@link collectionPageKeys}.
 */
export function indexKeysOf(meta: IndexMeta): string[] {
  return [
    ...meta.pageKeys,
    ...meta.sitemapKeys,
    ...meta.listKeys,
    ...meta.shardKeys.filter((key) => key !== null),
    ...meta.collections.values(),
    ...(meta.authorsKey === null ? [] : [meta.authorsKey]),
  ];
}

/** The page chunk keys a collection's file names; none when the text is not a valid one. */
export function collectionPageKeys(name: string, text: string | null | undefined): string[] {
  if (typeof text !== 'string') return [];
  try {
    return [...parseCollection(name, text).pageKeys];
  } catch {
    return [];
  }
}

/**
 * Which ascending chunks hold the items of a newest-first window [from, to)
 * (positions counted from the newest), and where the window starts in them.
 */
export function chunksForWindow(count: number, from: number, to: number) {
  const last = count - 1 - from; // ascending index of the newest item wanted
  const first = Math.max(0, count - to); // ascending index of the oldest item wanted
  if (last < 0 || first > last) return null;
  return { firstChunk: Math.floor(first / CHUNK_SIZE), lastChunk: Math.floor(last / CHUNK_SIZE), first, last };
}
