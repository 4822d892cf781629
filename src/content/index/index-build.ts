import { type Author, authorOf } from '../schema/authors';
import { isValidSlug } from '../schema/format';
import type { NewsItem } from '../schema/news-item';
import { themesOf } from '../schema/themes';
import { isValidUpdate, publicationInstant } from '../schema/updated';
import {
  authorsKey,
  CHUNK_SIZE,
  type ChunkKind,
  type CollectionFile,
  type ContentHash,
  chunkKey,
  collectionKey,
  collectionName,
  collectionPageKey,
  HASH,
  HASH_LENGTH,
  INDEX_META_KEY,
  INDEX_VERSION,
  type IndexMetaFile,
  LIST_CHUNK_SIZE,
  MAX_SCHEDULED,
  SITEMAP_CHUNK_SIZE,
  SLUG_SHARDS,
  shardOf,
} from './news-index';

// Writing the index (./news-index.ts): by the build (bundled content) and the
// editors' publish command, never by the worker.

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
const lastmodOf = (item: NewsItem) =>
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
  if (times.length > MAX_SCHEDULED)
    throw new Error(`${times.length} artigos agendados; no máximo ${MAX_SCHEDULED} podem esperar ao mesmo tempo`);
  return times.sort((a, b) => a - b);
}

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
