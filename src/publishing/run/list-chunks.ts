import { hashInKey } from '#src/content/index/content-hash.ts';
import { ascending } from '#src/content/index/index-build.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';

type ChunkRead = { why: string; json?: undefined } | { why?: undefined; json: unknown };

/** A chunk's JSON, checked against the hash its key carries; why not, when it is missing, altered or not JSON. */
function chunkJson(key: string, values: ReadonlyMap<string, string | null>, hash: (text: string) => string): ChunkRead {
  const text = values.get(key) ?? null;
  if (text === null) return { why: `falta ${key}` };
  const expected = hashInKey(key);
  if (expected === null || hash(text) !== expected) return { why: `${key} não confere com o hash do nome` };
  try {
    return { json: JSON.parse(text) };
  } catch {
    return { why: `${key} não é JSON` };
  }
}

/**
 * The live list from its list chunks' texts, in order, each checked against
 * the hash its key carries. Throws `refuse(why)` for a chunk that is missing,
 * altered or not a list: merging with (or syncing from) part of the list
 * would drop the rest. A small module of its own, so the search commands can
 * read the list without loading the publish command's image tools.
 */
export function itemsOfListChunks(
  listKeys: readonly string[],
  values: ReadonlyMap<string, string | null>,
  hash: (text: string) => string,
  refuse: (why: string) => Error,
): NewsItem[] {
  const items: NewsItem[] = [];
  for (const key of listKeys) {
    const read = chunkJson(key, values, hash);
    if (read.why !== undefined) throw refuse(read.why);
    if (!Array.isArray(read.json)) throw refuse(`${key} não é uma lista`);
    items.push(...(read.json as NewsItem[]));
  }
  return items;
}

/**
 * The same list rebuilt from the slug shards, which hold every entry too
 * (slug → entry), in the list's order (ascending, as the index is built):
 * what repairs a list chunk that was lost or damaged. Null when a shard is
 * missing or altered, or the shards do not hold exactly `count` entries.
 */
export function itemsOfShards(
  shardKeys: readonly string[],
  values: ReadonlyMap<string, string | null>,
  hash: (text: string) => string,
  count: number,
): NewsItem[] | null {
  const items: NewsItem[] = [];
  for (const key of shardKeys) {
    const read = chunkJson(key, values, hash);
    if (read.why !== undefined || typeof read.json !== 'object' || read.json === null || Array.isArray(read.json)) return null;
    items.push(...(Object.values(read.json) as NewsItem[]));
  }
  return items.length === count ? ascending(items) : null;
}
