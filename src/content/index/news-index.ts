import { fnv1a } from '#src/lib/hash.ts';
import { PAGE_SIZE } from '#src/lib/pagination.ts';
import { MAX_AUTHORS } from '../schema/authors';
import { isValidSlug } from '../schema/format';
import { THEME_LIST } from '../schema/themes';

/**
 * The news index's format (its keys, sizes and types). Built by ./index-build.ts,
 * read back through ./index-parse.ts.
 *
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
export const INDEX_VERSION = 2;
export const CHUNK_SIZE = PAGE_SIZE;
export const SLUG_SHARDS = 256;
export const SITEMAP_CHUNK_SIZE = 5_000;
export const LIST_CHUNK_SIZE = 10_000;
/**
 * Hex characters of a chunk's content hash: 40 bits tell the versions of one
 * chunk apart (the key also carries its position) and keep the meta, which
 * names every chunk, small (its size at 100,000 articles:
 * docs/content-and-publishing.md, "The news index").
 */
export const HASH_LENGTH = 10;
/** Far above any real archive; bounds what a corrupt meta can make a request loop over. */
export const MAX_ARTICLES = 5_000_000;
/** How many articles may wait for their `data` at once (the meta lists each one's time). */
export const MAX_SCHEDULED = 1_000;

export const HASH = /^[0-9a-f]{10}$/;

/**
 * The content hash of a chunk's text: HASH_LENGTH lowercase hex characters of
 * its SHA-256 (src/content/index/content-hash.ts). Passed in by the caller, synchronously.
 */
export type ContentHash = (text: string) => string;

export type ChunkKind = 'pages' | 'slugs' | 'sitemaps' | 'list';

export const chunkKey = (kind: ChunkKind, n: number, hash: string) => `index/${kind}/${n}.${hash}.json`;
export const pageChunkKey = (n: number, hash: string) => chunkKey('pages', n, hash);
export const slugShardKey = (shard: number, hash: string) => chunkKey('slugs', shard, hash);
export const sitemapChunkKey = (n: number, hash: string) => chunkKey('sitemaps', n, hash);
export const listChunkKey = (n: number, hash: string) => chunkKey('list', n, hash);

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
export const isCollectionName = (name: string) => parseCollectionName(name) !== null;
export const collectionKey = (name: string, hash: string) => `index/collections/${name}.${hash}.json`;
export const collectionPageKey = (name: string, n: number, hash: string) => `index/collections/${name}/${n}.${hash}.json`;
export const authorsKey = (hash: string) => `index/authors.${hash}.json`;
/** How many collections a meta may name: every author and every theme. */
export const MAX_COLLECTIONS = MAX_AUTHORS + THEME_LIST.length;

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
function hiddenAt(meta: Pick<ChunkedList, 'scheduled'>, now: number): number {
  let hidden = 0;
  for (let i = meta.scheduled.length - 1; i >= 0 && meta.scheduled[i]! > now; i--) hidden++;
  return hidden;
}

/** How many items a reader can see at `now`: the count without the scheduled ones still to come. */
export const visibleCount = (meta: Pick<ChunkedList, 'count' | 'scheduled'>, now: number) => meta.count - hiddenAt(meta, now);

export const shardOf = (slug: string) => fnv1a(slug) % SLUG_SHARDS;

/** How many chunks of `size` hold `count` items. */
export const chunkCount = (count: number, size: number) => Math.ceil(count / size);

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
