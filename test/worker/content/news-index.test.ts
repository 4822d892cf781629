import { describe, expect, it } from 'vitest';
import { parseIndexMeta } from '#src/content/index/index-parse.ts';
import { INDEX_META_KEY, shardOf } from '#src/content/index/news-index.ts';
import { findInShardText } from '#src/content/index/shard-text.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import { indexOf, newsItem } from '../helpers';

/** The shard text buildIndex writes for these items, and the shard of the first one. */
async function shardTextOf(items: NewsItem[]): Promise<string> {
  const files = await indexOf(items);
  return files.get(parseIndexMeta(files.get(INDEX_META_KEY)!).shardKeys[shardOf(items[0]!.slug)]!)!;
}

/** `count` slugs starting with `prefix` that land in the shard of `slug`. */
function neighbours(slug: string, prefix: string, count: number): string[] {
  const slugs: string[] = [];
  for (let i = 0; slugs.length < count; i++) if (shardOf(`${prefix}-${i}`) === shardOf(slug)) slugs.push(`${prefix}-${i}`);
  return slugs;
}

describe('findInShardText', () => {
  it('finds an item as parsing the whole shard would', async () => {
    const items = ['alvo', ...neighbours('alvo', 'vizinho', 19)].map((slug) => newsItem(slug));
    const text = await shardTextOf(items);
    const whole = JSON.parse(text) as Record<string, unknown>;
    for (const item of items) expect(findInShardText(text, item.slug)).toEqual(whole[item.slug]);
  });

  it('is not fooled by braces, quotes and backslashes in the texts, before or inside the item', async () => {
    // The decoys sort before the item, so their texts come first in the shard.
    const decoys = neighbours('tricky', 'a', 3).map((slug) =>
      newsItem(slug, { titulo: '"tricky":{"slug":"outro"}', descricao: 'fim com barra \\' }),
    );
    const tricky = newsItem('tricky', { titulo: 'Chaves } { e "aspas" \\', descricao: '"tricky":{"slug":"outro"} \\"}' });
    const text = await shardTextOf([tricky, ...decoys]);
    expect(text.indexOf('tricky')).toBeLessThan(text.indexOf('"tricky":{'));
    expect(findInShardText(text, 'tricky')).toEqual(tricky);
  });

  it('tells a slug from a longer one that starts the same', () => {
    const text = JSON.stringify({ 'casa-10': newsItem('casa-10'), casa: newsItem('casa') });
    expect(findInShardText(text, 'casa')).toEqual(newsItem('casa'));
    expect(findInShardText(text, 'casa-1')).toBeUndefined();
  });

  it('gives up, so the caller parses the whole shard, on text it did not write', () => {
    const spaced = JSON.stringify({ casa: newsItem('casa') }, null, 2);
    expect(findInShardText(spaced, 'casa')).toBeUndefined();
    expect(findInShardText('{"casa":{"slug":"casa"', 'casa')).toBeUndefined();
    expect(findInShardText('{"casa":{"slug":}}', 'casa')).toBeUndefined();
  });
});
