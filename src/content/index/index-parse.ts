import { isValidSlug } from '../schema/format';
import {
  authorsKey,
  CHUNK_SIZE,
  type ChunkedList,
  chunkCount,
  collectionKey,
  collectionPageKey,
  HASH,
  INDEX_VERSION,
  type IndexMeta,
  isCollectionName,
  LIST_CHUNK_SIZE,
  listChunkKey,
  MAX_ARTICLES,
  MAX_COLLECTIONS,
  MAX_SCHEDULED,
  pageChunkKey,
  SITEMAP_CHUNK_SIZE,
  SLUG_SHARDS,
  sitemapChunkKey,
  slugShardKey,
} from './news-index';

// Reading the index back (./news-index.ts): everything checked as if an
// attacker had written it, so a corrupt meta is never half used.

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

/** The page chunk keys a collection's file names; none when the text is not a valid one. */
export function collectionPageKeys(name: string, text: string | null | undefined): string[] {
  if (typeof text !== 'string') return [];
  try {
    return [...parseCollection(name, text).pageKeys];
  } catch {
    return [];
  }
}
