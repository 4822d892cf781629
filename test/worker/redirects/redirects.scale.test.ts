import { env } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRedirects, putRedirects } from '#src/redirects/redirects-store.ts';
import { clearKv, countingKv, fetchWithEnv } from '../helpers';

/**
 * The redirects of a 100,000-article archive (its permalinks and its `?p=`
 * addresses): a lookup still reads one KV value, hit or miss, and the
 * newsroom's list still pages and searches.
 *
 * Every row is in D1, whose list and search do depend on its size. In KV,
 * only a part of the archive is stored through the store's own write path:
 * a redirect is one key read by its name, a point read whose cost does not
 * depend on how many other keys there are, and writing all of them in the
 * local simulator would take minutes for nothing the test can see.
 */
const ARTICLES = 100_000;
/** The articles stored whole (KV and D1) through putRedirects: the ones the lookups below ask for among them. */
const THROUGH_THE_STORE = 2_000;
const FIRST_STORED = 54_000;

const permalink = (i: number) => `https://antigo.example.com/${2000 + (i % 25)}/${String((i % 12) + 1).padStart(2, '0')}/artigo-${i}/`;
const redirectsOf = (i: number) => [
  { from: permalink(i), to: `/noticia/artigo-${i}` },
  { from: `/?p=${i + 1}`, to: `/noticia/artigo-${i}` },
];

beforeAll(async () => {
  await env.DB.exec('DELETE FROM redirects;');
  const stored = Array.from({ length: THROUGH_THE_STORE }, (_, n) => FIRST_STORED + n).flatMap(redirectsOf);
  await putRedirects(env, stored, { origin: 'wordpress', by: 'teste', now: Date.now() });
  // The rest of the archive's rows, as the store writes them (keys as oldAddressKey makes them), many per statement.
  const rows: string[] = [];
  for (let i = 0; i < ARTICLES; i++) {
    if (i >= FIRST_STORED && i < FIRST_STORED + THROUGH_THE_STORE) continue;
    const path = new URL(permalink(i)).pathname.replace(/\/$/, '');
    rows.push(
      `('${path}','${permalink(i)}','/noticia/artigo-${i}','wordpress',${i},'teste')`,
      `('/?p=${i + 1}','/?p=${i + 1}','/noticia/artigo-${i}','wordpress',${i},'teste')`,
    );
  }
  for (let at = 0; at < rows.length; at += 500) {
    await env.DB.exec(
      `INSERT INTO redirects (key, address, target, origin, created_at, created_by) VALUES ${rows.slice(at, at + 500).join(',')};`,
    );
  }
}, 600_000);

afterAll(async () => {
  await env.DB.exec('DELETE FROM redirects;');
  await clearKv();
}, 600_000);

describe('200,000 redirects', () => {
  it('an old address is one KV read, found or not', async () => {
    for (const [path, location] of [
      ['/2017/06/artigo-54317/', '/noticia/artigo-54317'],
      ['/?p=55001', '/noticia/artigo-55000'],
      ['/2017/06/nunca-existiu/', null],
    ] as const) {
      const keys: string[] = [];
      const response = await fetchWithEnv(path, { NEWS: countingKv(keys) }, { redirect: 'manual' });
      expect(response.headers.get('Location'), path).toBe(location ?? (path.endsWith('/') ? path.slice(0, -1) : null));
      expect(
        keys.filter((key) => key.startsWith('redirects/')),
        path,
      ).toHaveLength(1);
    }
  });

  it('the newsroom’s list counts, pages and searches them', async () => {
    const first = await listRedirects(env.DB, { page: 1 });
    expect(first.total).toBe(2 * ARTICLES);
    expect(first.redirects).toHaveLength(50);
    const last = await listRedirects(env.DB, { page: (2 * ARTICLES) / 50 });
    expect(last.redirects).toHaveLength(50);
    const found = await listRedirects(env.DB, { query: 'artigo-54317/' });
    expect(found.redirects.map(({ target }) => target)).toEqual(['/noticia/artigo-54317']);
  });
});
