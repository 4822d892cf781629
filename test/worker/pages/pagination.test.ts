import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_SIZE, paginate } from '#src/lib/pagination.ts';
import { clearKv, fetchPath, newsItem, publishList, textOf } from '../helpers';

afterEach(clearKv);

const cardsOf = (html: string) => [...html.matchAll(/<h3 class="card-title"><a href="\/noticia\/([^"]+)"/g)].map((m) => m[1]);

/** n articles, newest first: artigo-1 is the newest. */
async function publishMany(n: number): Promise<void> {
  const items = Array.from({ length: n }, (_, i) => {
    const day = new Date(Date.UTC(2025, 11, 31) - i * 86_400_000).toISOString().slice(0, 10);
    return newsItem(`artigo-${i + 1}`, { data: day });
  });
  await publishList(items);
}

describe('paginate', () => {
  it('slices pages of 24 and knows the last page', () => {
    expect(PAGE_SIZE).toBe(24);
    expect(paginate(50, 1)).toEqual({ page: 1, pageCount: 3, start: 0, end: 24 });
    expect(paginate(50, 3)).toEqual({ page: 3, pageCount: 3, start: 48, end: 50 });
    expect(paginate(50, 4)).toBeNull();
    expect(paginate(50, 0)).toBeNull();
    expect(paginate(50, 1.5)).toBeNull();
  });

  it('has one page holding everything when there are 24 items or fewer, and for none', () => {
    expect(paginate(24, 1)).toEqual({ page: 1, pageCount: 1, start: 0, end: 24 });
    expect(paginate(0, 1)).toEqual({ page: 1, pageCount: 1, start: 0, end: 0 });
    expect(paginate(24, 2)).toBeNull();
  });
});

describe('pages of the grid', () => {
  it('the home page holds every item and no pager when there are few', async () => {
    const html = await textOf(await fetchPath('/'));
    expect(cardsOf(html).length).toBeGreaterThanOrEqual(12);
    expect(html).not.toContain('aria-label="Paginação"');
    expect((await fetchPath('/pagina/2')).status).toBe(404);
  });

  it('splits 50 articles into 24 + 24 + 2, newest first, with links between pages', async () => {
    await publishMany(50);
    const home = await textOf(await fetchPath('/'));
    expect(cardsOf(home)).toEqual(Array.from({ length: 24 }, (_, i) => `artigo-${i + 1}`));
    expect(home).toContain('Página 1 de 3');
    expect(home).toContain('<a class="pager-link" href="/pagina/2" rel="next">');

    const second = await fetchPath('/pagina/2');
    expect(second.status).toBe(200);
    const html = await textOf(second);
    expect(cardsOf(html)[0]).toBe('artigo-25');
    expect(html).toContain('<h1 id="postagens" class="section-title">Postagens: página 2</h1>');
    expect(html).toContain('<a class="pager-link" href="/" rel="prev">');
    expect(html).toContain('<title>Postagens, página 2 | Casa em Pauta</title>');
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/pagina/2"/>');
    // No hero on later pages: the first row is on the first screen, its first image likely the LCP.
    const loading = [...html.matchAll(/<img class="card-image"[^>]* loading="(\w+)"( fetchPriority="high")?/g)].map(
      (m) => m[1] + (m[2] ? '+high' : ''),
    );
    expect(loading.slice(0, 4)).toEqual(['eager+high', 'eager', 'eager', 'lazy']);

    const last = await textOf(await fetchPath('/pagina/3'));
    expect(cardsOf(last)).toEqual(['artigo-49', 'artigo-50']);
    expect(last).not.toContain('rel="next"');
  });

  it.each([
    ['/pagina/4', 404],
    ['/pagina/0', 404],
    ['/pagina/-1', 404],
    ['/pagina/02', 404],
    ['/pagina/abc', 404],
    ['/pagina/99999999999', 404],
    ['/pagina/1', 301],
  ])('%s answers %i', async (path, status) => {
    await publishMany(50);
    expect((await fetchPath(path, { redirect: 'manual' })).status).toBe(status);
  });
});
