import type { NewsItem } from '../../src/content/news-item.ts';

/** The content hash a chunk key carries (`….<hash>.json`); undefined for a key without one. */
export const hashOfKey = (key: string) => /\.([0-9a-f]{10})\.json$/.exec(key)?.[1];

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
    const text = values.get(key) ?? null;
    if (text === null) throw refuse(`falta ${key}`);
    const expected = hashOfKey(key);
    if (expected === undefined || hash(text) !== expected) throw refuse(`${key} não confere com o hash do nome`);
    let chunk: unknown;
    try {
      chunk = JSON.parse(text);
    } catch {
      chunk = undefined;
    }
    if (!Array.isArray(chunk)) throw refuse(`${key} não é uma lista`);
    items.push(...(chunk as NewsItem[]));
  }
  return items;
}
