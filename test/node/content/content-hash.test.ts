import { describe, expect, it } from 'vitest';
import { contentHash } from '../../../scripts/content/content-hash';
import { contentHashOf } from '../../../src/content/content-hash';

/** The worker checks what the publish command names: both must give one hash for every text. */
describe("the worker's content hash (Web Crypto) and the publish command's (node:crypto)", () => {
  it.each([
    ['ASCII', '[{"slug":"casa","titulo":"Casa nova"}]'],
    ['accents', '<p>Reforma da cozinha: orçamento, ação e decoração à mão — “aspas”.</p>'],
    ['emoji', '{"titulo":"Sala 🛋️ com plantas 🌿 e 👨‍👩‍👧 família"}'],
    ['a lone surrogate', 'texto \ud800 partido'],
    ['empty', ''],
    ['a long', `<p>${'parágrafo com acentuação '.repeat(20_000)}</p>`],
  ])('agree on %s text', async (_, text) => {
    expect(await contentHashOf(text)).toBe(contentHash(text));
  });
});
