import { fnv1a } from '../lib/hash';
import { PAGE_SIZE } from '../lib/pagination';
import type { NewsItem } from './news-item';

/**
 * The news list, split so that no request reads more than a few small values,
 * whatever the archive's size (100,000 articles and more). Computed by the
 * build (bundled content) and by the editors' publish command, never by the
 * worker. All chunks hold the list in ascending order (oldest first), so a new
 * article only changes the last chunk of each kind.
 *
 * | key | holds |
 * |---|---|
 * | `index/meta.json` | counts; written last, it makes a publish visible |
 * | `index/pages/<n>.json` | 24 items: the grid's pages are read from one or two of these |
 * | `index/slugs/<s>.json` | slug → item, for the slugs that hash to shard s (article lookup) |
 * | `index/sitemaps/<n>.json` | [slug, date] pairs, 5,000 per chunk (one sitemap file each) |
 * | `index/list/<n>.json` | the full items, 10,000 per chunk: what the publish command merges with |
 */
export const INDEX_META_KEY = 'index/meta.json';
export const CHUNK_SIZE = PAGE_SIZE;
export const SLUG_SHARDS = 256;
export const SITEMAP_CHUNK_SIZE = 5_000;
export const LIST_CHUNK_SIZE = 10_000;

export const pageChunkKey = (n: number) => `index/pages/${n}.json`;
export const slugShardKey = (shard: number) => `index/slugs/${shard}.json`;
export const sitemapChunkKey = (n: number) => `index/sitemaps/${n}.json`;
export const listChunkKey = (n: number) => `index/list/${n}.json`;

export interface IndexMeta {
  version: 1;
  count: number;
  chunkSize: number;
  pageChunks: number;
  sitemapChunks: number;
  listChunks: number;
  /** Shards that hold at least one slug (the others have no key). */
  shards: number[];
}

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

/** Every index key and its JSON text, for a list (in any order). */
export function buildIndex(items: readonly NewsItem[]): Map<string, string> {
  const sorted = ascending(items);
  const files = new Map<string, string>();
  const pages = chunks(sorted, CHUNK_SIZE);
  pages.forEach((chunk, n) => files.set(pageChunkKey(n), JSON.stringify(chunk)));
  const sitemaps = chunks(sorted.map((item) => [item.slug, item.data]), SITEMAP_CHUNK_SIZE);
  sitemaps.forEach((chunk, n) => files.set(sitemapChunkKey(n), JSON.stringify(chunk)));
  const lists = chunks(sorted, LIST_CHUNK_SIZE);
  lists.forEach((chunk, n) => files.set(listChunkKey(n), JSON.stringify(chunk)));
  const shards = new Map<number, Record<string, NewsItem>>();
  for (const item of sorted) {
    const shard = shardOf(String(item.slug));
    const entries = shards.get(shard) ?? {};
    entries[item.slug] = item;
    shards.set(shard, entries);
  }
  for (const [shard, entries] of shards) files.set(slugShardKey(shard), JSON.stringify(entries));
  const meta: IndexMeta = {
    version: 1,
    count: sorted.length,
    chunkSize: CHUNK_SIZE,
    pageChunks: pages.length,
    sitemapChunks: sitemaps.length,
    listChunks: lists.length,
    shards: [...shards.keys()].sort((a, b) => a - b),
  };
  files.set(INDEX_META_KEY, JSON.stringify(meta));
  return files;
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

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * One item of a slug shard's JSON text, found without parsing the whole shard:
 * at 100,000 articles a shard holds about 400 items (160 KB), and parsing it
 * all cost a third of an article render, for the one item the page needs.
 * Looks for `"<slug>":{` as {@link buildIndex} writes it (JSON.stringify, no
 * spaces) and parses just that object. Slugs have no quote or backslash, so
 * the match is a key; the caller still checks the item's own `slug`.
 * Undefined when not found this way (absent, or written differently): the
 * caller then parses the whole shard, so the answer never depends on this.
 */
export function findInShardText(json: string, slug: string): unknown {
  const key = `"${slug}":{`;
  const at = json.indexOf(key);
  if (at === -1) return undefined;
  const start = at + key.length - 1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < json.length; i++) {
    const code = json.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE) depth++;
    else if (code === CLOSE_BRACE && --depth === 0) {
      try {
        return JSON.parse(json.slice(start, i + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
