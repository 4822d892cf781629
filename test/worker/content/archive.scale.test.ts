import { env } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEX_META_KEY } from '#src/content/index/news-index.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import { THEME_LIST } from '#src/content/schema/themes.ts';
import { clearKv, fetchPath, indexOf, putIndex, textOf } from '../helpers';

/**
 * 100,000 articles in the local store, indexed as the publish command indexes
 * them: every page kind must still answer correctly from a few small reads.
 * (Their CPU time is measured by `npm run bench`, not asserted here.)
 */
const COUNT = 100_000;
const DAY = 86_400_000;
// Every date in the past: an article dated later would be scheduled (shown nowhere until then).
const START = Date.UTC(1740, 0, 1);

const generated = (i: number): NewsItem => ({
  slug: `artigo-${i}`,
  titulo: `Artigo gerado número ${i}`,
  descricao: `Descrição do artigo gerado número ${i}.`,
  data: new Date(START + i * DAY).toISOString().slice(0, 10),
  imagemAtual: 'como-decorar-apartamentos-pequenos-be2c843918.webp',
  htmlPath: `noticias/artigo-${i}.html`,
  // Six themes and ten authors in turn: each theme has 16,667 articles, each author 10,000.
  temas: [THEME_LIST[i % 6]!.slug],
  autor: `reporter-${i % 10}`,
});
const REGISTRY = Object.fromEntries(
  Array.from({ length: 10 }, (_, n) => [
    `reporter-${n}`,
    { nome: `Repórter ${n}`, cargo: 'Repórter', bio: 'Um repórter gerado para o teste de escala.' },
  ]),
);

const cardsOf = (html: string) => [...html.matchAll(/<h3 class="card-title"><a href="\/noticia\/([^"]+)"/g)].map((m) => m[1]);

beforeAll(async () => {
  const index = await indexOf(
    Array.from({ length: COUNT }, (_, i) => generated(i)),
    Date.now(),
    REGISTRY,
  );
  const files = [...index].filter(([key]) => key !== INDEX_META_KEY);
  for (let i = 0; i < files.length; i += 500) {
    await Promise.all(files.slice(i, i + 500).map(([key, value]) => env.NEWS.put(key, value)));
  }
  await putIndex(new Map([[INDEX_META_KEY, index.get(INDEX_META_KEY)!]]));
  await env.NEWS.put('noticias/artigo-54321.html', `<p>${'palavra '.repeat(450)}</p>`);
}, 120_000);

afterAll(clearKv, 120_000);

describe('100,000 articles', () => {
  it('the home page shows the newest 24 and knows how many pages follow', async () => {
    const html = await textOf(await fetchPath('/'));
    expect(cardsOf(html)).toEqual(Array.from({ length: 24 }, (_, i) => `artigo-${COUNT - 1 - i}`));
    expect(html).toContain('Página 1 de 4167');
  });

  it('a page in the middle and the last page hold the right articles', async () => {
    const middle = await textOf(await fetchPath('/pagina/2000'));
    expect(cardsOf(middle)[0]).toBe(`artigo-${COUNT - 1 - 1999 * 24}`);
    expect(cardsOf(middle)).toHaveLength(24);
    const last = await textOf(await fetchPath('/pagina/4167'));
    expect(cardsOf(last)).toEqual(Array.from({ length: 16 }, (_, i) => `artigo-${15 - i}`));
    expect((await fetchPath('/pagina/4168')).status).toBe(404);
  });

  it("a theme's and an author's pages hold the right articles, from their own lists", async () => {
    // decoracao is the 4th theme: articles 3, 9, 15 … 99999 (16,667 of them, 695 pages).
    const theme = await textOf(await fetchPath('/tema/decoracao'));
    expect(cardsOf(theme)).toEqual(Array.from({ length: 24 }, (_, n) => `artigo-${99999 - 6 * n}`));
    expect(theme).toContain('Notícias (página 1 de 695)');
    expect(cardsOf(await textOf(await fetchPath('/tema/decoracao/pagina/300')))[0]).toBe(`artigo-${99999 - 6 * 299 * 24}`);
    // reporter-7: articles 7, 17 … 99997 (10,000, 417 pages; the last holds 16).
    const last = await textOf(await fetchPath('/autor/reporter-7/pagina/417'));
    expect(cardsOf(last)).toEqual(Array.from({ length: 16 }, (_, n) => `artigo-${7 + 10 * (15 - n)}`));
    expect(last).toContain('<h1>Repórter 7: página 417</h1>');
    expect((await fetchPath('/autor/reporter-7/pagina/418')).status).toBe(404);
  });

  it('an article is found by its slug, with 4 related articles', async () => {
    const response = await fetchPath('/noticia/artigo-54321');
    expect(response.status).toBe(200);
    const html = await textOf(response);
    expect(html).toContain('<h1>Artigo gerado número 54321</h1>');
    const related = cardsOf(html.split('id="relacionados"')[1]!);
    expect(related).toHaveLength(4);
    expect(related).not.toContain('artigo-54321');
    expect((await fetchPath('/noticia/artigo-100000')).status).toBe(404);
  });

  it('the sitemap becomes an index of parts of 5,000 articles', async () => {
    const index = await (await fetchPath('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.match(/<sitemap><loc>[^<]*\/sitemaps\/\d+\.xml<\/loc>/g)).toHaveLength(20);
    const first = await (await fetchPath('/sitemaps/0.xml')).text();
    // With the home and institutional pages, the 3 tools, and the 10 author and 6 theme pages.
    expect(first.match(/<url>/g)).toHaveLength(5000 + 5 + 3 + 16);
    for (const tool of ['/simulador-de-financiamento', '/alugar-ou-comprar', '/custos-da-compra'])
      expect(first).toContain(`<loc>http://localhost:8787${tool}</loc>`);
    expect(first).toContain('<loc>http://localhost:8787/</loc><lastmod>2013-10-15</lastmod>');
    const lastPart = await (await fetchPath('/sitemaps/19.xml')).text();
    expect(lastPart.match(/<url>/g)).toHaveLength(5000);
    expect(lastPart).toContain(`<loc>http://localhost:8787/noticia/artigo-${COUNT - 1}</loc>`);
    expect((await fetchPath('/sitemaps/20.xml')).status).toBe(404);
  });

  it('the feed carries the 20 newest', async () => {
    const xml = await (await fetchPath('/feed.xml')).text();
    const links = [...xml.matchAll(/<item><title>[^<]*<\/title><link>[^<]*\/noticia\/([^<]+)<\/link>/g)].map((m) => m[1]);
    expect(links).toEqual(Array.from({ length: 20 }, (_, i) => `artigo-${COUNT - 1 - i}`));
  });
});
