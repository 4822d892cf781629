import { describe, expect, it } from 'vitest';
import { contentHash, hashInKey, matchesKey } from '#src/content/index/content-hash.ts';
import { buildIndex } from '#src/content/index/index-build.ts';
import { authorsKey, collectionKey, collectionPageKey, pageChunkKey, slugShardKey } from '#src/content/index/news-index.ts';
import { bodyKey } from '#src/content/schema/format.ts';
import { newsItem } from '../helpers';

/** The content hash in workerd (test/node/content/bundle/content-hash.test.ts compares it with Node's own SHA-256). */
describe('the content hash the worker checks', () => {
  // Each as node:crypto's SHA-256 gives it.
  it.each([
    ['ASCII', '[{"slug":"casa","titulo":"Casa nova"}]', '5676419aa5'],
    ['accents', '<p>Reforma da cozinha: orçamento, ação e decoração à mão — “aspas”.</p>', 'adf259a3d8'],
    ['emoji', '{"titulo":"Sala 🛋️ com plantas 🌿 e 👨‍👩‍👧 família"}', 'cbfac6168b'],
    ['empty', '', 'e3b0c44298'],
  ])('is the publish command’s for %s text', async (_, text, hash) => {
    expect(contentHash(text)).toBe(hash);
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
    const key = bodyKey('casa', contentHash(text));
    expect(matchesKey(key, text)).toBe(true);
    expect(matchesKey(key, '<p>Corpo trocado.</p>')).toBe(false);
    expect(matchesKey(bodyKey('casa'), '<p>Qualquer corpo.</p>')).toBe(true);
  });

  it('names every file of a made-up index by its real hash, the files that name other files included', async () => {
    const items = [newsItem('casa', { autor: 'ana', temas: ['decoracao'] }), newsItem('sala', { data: '2025-07-01' })];
    const authors = { ana: { nome: 'Ana', cargo: 'Repórter', bio: 'Escreve sobre casas.' } };
    const files = buildIndex(items, contentHash, 0, authors);
    const keys = [...files.keys()];
    for (const start of ['index/collections/tema/decoracao.', 'index/collections/tema/decoracao/0.', 'index/authors.'])
      expect(
        keys.some((key) => key.startsWith(start)),
        start,
      ).toBe(true);
    for (const [key, text] of files) expect(matchesKey(key, text), key).toBe(true);
  });
});
