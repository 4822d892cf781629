import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentHash } from '#src/content/index/content-hash.ts';
import { HASH_LENGTH } from '#src/content/index/news-index.ts';

/** The content hash (@noble/hashes, the same code in workerd and Node) is SHA-256 as Node's own computes it. */
describe('the content hash', () => {
  it.each([
    ['ASCII', '[{"slug":"casa","titulo":"Casa nova"}]'],
    ['accents', '<p>Reforma da cozinha: orçamento, ação e decoração à mão — “aspas”.</p>'],
    ['emoji', '{"titulo":"Sala 🛋️ com plantas 🌿 e 👨‍👩‍👧 família"}'],
    ['a lone surrogate', 'texto \ud800 partido'],
    ['empty', ''],
    ['a long', `<p>${'parágrafo com acentuação '.repeat(20_000)}</p>`],
  ])('is node:crypto’s SHA-256 of %s text', (_, text) => {
    expect(contentHash(text)).toBe(createHash('sha256').update(text).digest('hex').slice(0, HASH_LENGTH));
  });

  it('hashes bytes as they are', () => {
    const bytes = new Uint8Array([0, 255, 128, 10]);
    expect(contentHash(bytes)).toBe(createHash('sha256').update(bytes).digest('hex').slice(0, HASH_LENGTH));
  });
});
