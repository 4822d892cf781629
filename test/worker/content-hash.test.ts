import { describe, expect, it } from 'vitest';
import { contentHashOf, hashInKey, matchesKey, withContentHash } from '../../src/content/content-hash';
import { bodyKey } from '../../src/content/format';
import { buildIndex } from '../../src/content/index-build';
import { authorsKey, collectionKey, collectionPageKey, pageChunkKey, slugShardKey } from '../../src/content/news-index';
import { newsItem } from './helpers';

/** The worker's check, with workerd's Web Crypto (test/node/content/content-hash.test.ts compares it with the publish command's in Node). */
describe('the content hash the worker checks', () => {
  // Each as the publish command computes it (scripts/content/content-hash.ts, node:crypto).
  it.each([
    ['ASCII', '[{"slug":"casa","titulo":"Casa nova"}]', '5676419aa5'],
    ['accents', '<p>Reforma da cozinha: orçamento, ação e decoração à mão — “aspas”.</p>', 'adf259a3d8'],
    ['emoji', '{"titulo":"Sala 🛋️ com plantas 🌿 e 👨‍👩‍👧 família"}', 'cbfac6168b'],
    ['empty', '', 'e3b0c44298'],
  ])('is the publish command’s for %s text', async (_, text, hash) => {
    expect(await contentHashOf(text)).toBe(hash);
  });

  it('is read from every kind of content-addressed key, and from no other', () => {
    const hash = 'a1b2c3d4e5';
    for (const key of [
      pageChunkKey(3, hash),
      slugShardKey(200, hash),
      collectionKey('autor/ana', hash),
      collectionPageKey('tema/decoracao', 2, hash),
      authorsKey(hash),
      bodyKey('casa-nova', hash),
    ])
      expect(hashInKey(key), key).toBe(hash);
    for (const key of ['index/meta.json', 'index/published.json', bodyKey('casa-nova'), 'thumbnails/casa-a1b2c3d4e5.webp'])
      expect(hashInKey(key), key).toBeNull();
  });

  it('tells the value a key names from any other', async () => {
    const text = '<p>Corpo publicado.</p>';
    const key = bodyKey('casa', await contentHashOf(text));
    expect(await matchesKey(key, text)).toBe(true);
    expect(await matchesKey(key, '<p>Corpo trocado.</p>')).toBe(false);
    expect(await matchesKey(bodyKey('casa'), '<p>Qualquer corpo.</p>')).toBe(true);
  });

  it('names every file of a made-up index by its real hash, the files that name other files included', async () => {
    const items = [newsItem('casa', { autor: 'ana', temas: ['decoracao'] }), newsItem('sala', { data: '2025-07-01' })];
    const authors = { ana: { nome: 'Ana', cargo: 'Repórter', bio: 'Escreve sobre casas.' } };
    const files = await withContentHash((hash) => buildIndex(items, hash, 0, authors));
    const keys = [...files.keys()];
    for (const start of ['index/collections/tema/decoracao.', 'index/collections/tema/decoracao/0.', 'index/authors.'])
      expect(
        keys.some((key) => key.startsWith(start)),
        start,
      ).toBe(true);
    for (const [key, text] of files) expect(await matchesKey(key, text), key).toBe(true);
  });
});
