import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { INDEX_META_KEY, type IndexMetaFile } from '#src/content/index/news-index.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import { THEME_LIST } from '#src/content/schema/themes.ts';
import {
  attr,
  bundledNews,
  clearKv,
  countingKv,
  documentOf,
  fetchPath,
  fetchWithEnv,
  indexOf,
  newsItem,
  putIndex,
  query,
  queryAll,
  textContent,
  textOf,
} from '../helpers';

/**
 * Author pages (`/autor/<slug>`) and theme pages (`/tema/<slug>`): each
 * lists its articles newest first, 24 a page, from its own chunked list in
 * the index (src/content/index/news-index.ts, collections).
 */
afterEach(clearKv);
afterEach(() => vi.useRealTimers());

const cardsOf = (html: string) => [...html.matchAll(/<h3 class="card-title"><a href="\/noticia\/([^"]+)"/g)].map((m) => m[1]);
const text = async (path: string) => textOf(await fetchPath(path));
const AUTHORS = {
  'ana-souza': { nome: 'Ana Souza', cargo: 'Repórter de finanças', bio: 'Escreve sobre crédito imobiliário e juros há dez anos.' },
};
const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

describe('theme pages (bundled content)', () => {
  it('the hero links every theme badge to its page, and each page lists exactly the articles tagged with it, newest first', async () => {
    const home = await documentOf(await fetchPath('/'));
    const badges = queryAll(home, '.hero .hashtag');
    expect(badges.map((badge) => attr(badge, 'href'))).toEqual(THEME_LIST.map((theme) => `/tema/${theme.slug}`));
    expect(badges.map(textContent)).toEqual(THEME_LIST.map((theme) => `#${theme.tag}`));
    const news = await bundledNews();
    for (const theme of THEME_LIST) {
      const expected = news
        .filter((item) => item.temas?.includes(theme.slug))
        .sort((a, b) => b.data.localeCompare(a.data))
        .map((item) => item.slug);
      expect(expected.length, theme.slug).toBeGreaterThan(0);
      expect(cardsOf(await text(`/tema/${theme.slug}`)), theme.slug).toEqual(expected);
    }
  });

  it('has its own title, description, canonical URL and breadcrumb JSON-LD', async () => {
    const response = await fetchPath('/tema/decoracao');
    expect(response.status).toBe(200);
    const doc = await documentOf(response);
    expect(textContent(query(doc, 'title'))).toBe('Decoração: notícias | Casa em Pauta');
    expect(textContent(query(doc, 'h1'))).toBe('Decoração');
    expect(attr(query(doc, 'link[rel="canonical"]'), 'href')).toBe('http://localhost:8787/tema/decoracao');
    expect(attr(query(doc, 'meta[name="description"]'), 'content')).toContain('Cores, iluminação');
    const graph = JSON.parse(textContent(query(doc, 'script[type="application/ld+json"]')))['@graph'];
    expect(graph).toContainEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://localhost:8787/' },
        { '@type': 'ListItem', position: 2, name: 'Decoração', item: 'http://localhost:8787/tema/decoracao' },
      ],
    });
  });

  it('an article shows its themes as links to their pages', async () => {
    const doc = await documentOf(await fetchPath('/noticia/energia-solar-residencial-vale-a-pena'));
    const links = queryAll(doc, '.article-themes a');
    expect(links.map((link) => attr(link, 'href'))).toEqual(['/tema/sustentabilidade', '/tema/investimentos']);
  });

  it.each([
    ['/tema/jardinagem', 404],
    ['/tema/Decoracao', 404],
    ['/tema/decoracao/pagina/2', 404],
    ['/tema/decoracao/pagina/0', 404],
    ['/tema/decoracao/pagina/abc', 404],
    ['/tema/decoracao/pagina/1', 301],
    ['/tema/', 301],
  ])('%s answers %i', async (path, status) => {
    const response = await fetchPath(path, { redirect: 'manual' });
    expect(response.status).toBe(status);
    if (status === 404) expect(await response.text()).toContain('Página não encontrada');
  });
});

describe('author pages (bundled content)', () => {
  it('an article names its author with a link to their page, and JSON-LD says the same Person with that url', async () => {
    const doc = await documentOf(await fetchPath('/noticia/financiamento-imobiliario-sac-ou-price'));
    const link = query(doc, '.author-name a');
    expect(attr(link, 'href')).toBe('/autor/rafael-moreira');
    expect(textContent(link)).toBe('Rafael Moreira');
    expect(textContent(query(doc, '.author-role'))).toBe('Repórter de mercado imobiliário e finanças');
    const graph = JSON.parse(textContent(query(doc, 'script[type="application/ld+json"]')))['@graph'];
    const article = graph.find((node: { '@type': string }) => node['@type'] === 'NewsArticle');
    expect(article.author).toMatchObject({ '@type': 'Person', name: 'Rafael Moreira', url: 'http://localhost:8787/autor/rafael-moreira' });
  });

  it('an article without "autor" is signed by the site editor, whose page lists it', async () => {
    const doc = await documentOf(await fetchPath('/noticia/como-decorar-apartamentos-pequenos'));
    expect(attr(query(doc, '.author-name a'), 'href')).toBe('/autor/helena-duarte');
    const news = await bundledNews();
    const hers = news
      .filter((item) => item.autor === undefined || item.autor === 'helena-duarte')
      .sort((a, b) => b.data.localeCompare(a.data))
      .map((item) => item.slug);
    expect(cardsOf(await text('/autor/helena-duarte'))).toEqual(hers);
  });

  it("lists an author's articles newest first, with their name, role, bio and photo", async () => {
    const response = await fetchPath('/autor/camila-nogueira');
    expect(response.status).toBe(200);
    const html = await response.text();
    const news = await bundledNews();
    const hers = news
      .filter((item) => item.autor === 'camila-nogueira')
      .sort((a, b) => b.data.localeCompare(a.data))
      .map((item) => item.slug);
    expect(cardsOf(html)).toEqual(hers);
    const doc = await documentOf(new Response(html));
    expect(textContent(query(doc, 'h1'))).toBe('Camila Nogueira');
    expect(textContent(query(doc, '.collection-role'))).toBe('Arquiteta e colunista de arquitetura e sustentabilidade');
    const photo = query(doc, '.collection-header img');
    expect(attr(photo, 'src')).toMatch(/^\/thumbnails\/autor-camila-nogueira-[0-9a-f]{10}\.webp$/);
    // The photo is a bundled file the static assets serve.
    expect((await env.ASSETS.fetch(`http://localhost:8787${attr(photo, 'src')}`)).status).toBe(200);
  });

  it('an unknown author is a 404', async () => {
    expect((await fetchPath('/autor/fulano-de-tal')).status).toBe(404);
    expect((await fetchPath('/autor/../noticia')).status).toBe(404);
  });
});

describe('author and theme lists in KV', () => {
  /** 60 articles: the even ones by Ana Souza in "financiamento", the others by the site editor in "decoracao". */
  const ITEMS: NewsItem[] = Array.from({ length: 60 }, (_, i) =>
    newsItem(`artigo-${i}`, {
      data: day(i),
      ...(i % 2 === 0 ? { autor: 'ana-souza', temas: ['financiamento'] } : { temas: ['decoracao'] }),
    }),
  );

  it('pages an author through their own list, 24 a page, newest first', async () => {
    await putIndex(await indexOf(ITEMS, Date.UTC(2026, 0, 1), AUTHORS));
    const hers = ITEMS.filter((_, i) => i % 2 === 0)
      .map((item) => item.slug)
      .reverse();
    expect(cardsOf(await text('/autor/ana-souza'))).toEqual(hers.slice(0, 24));
    expect(cardsOf(await text('/autor/ana-souza/pagina/2'))).toEqual(hers.slice(24));
    expect((await fetchPath('/autor/ana-souza/pagina/3')).status).toBe(404);
    const page1 = await text('/autor/ana-souza');
    expect(page1).toContain('href="/autor/ana-souza/pagina/2"');
    expect(page1).toContain('Escreve sobre crédito imobiliário');
    expect(cardsOf(await text('/tema/decoracao'))).toEqual(
      ITEMS.filter((_, i) => i % 2 === 1)
        .map((item) => item.slug)
        .reverse()
        .slice(0, 24),
    );
    // A theme no article has yet: its page, empty, not a 404.
    const empty = await fetchPath('/tema/arquitetura');
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('Ainda não há notícias neste tema');
  });

  it('reads the meta, the list file and one page chunk for a page, whatever the archive size', async () => {
    await putIndex(await indexOf(ITEMS, Date.UTC(2026, 0, 1), AUTHORS));
    const keys: string[] = [];
    const counting = countingKv(keys);
    forgetLiveIndex();
    expect((await fetchWithEnv('/tema/financiamento/pagina/2', { NEWS: counting })).status).toBe(200);
    expect(keys).toEqual([
      INDEX_META_KEY,
      expect.stringMatching(/^index\/collections\/tema\/financiamento\.[0-9a-f]{10}\.json$/),
      expect.stringMatching(/^index\/collections\/tema\/financiamento\/0\.[0-9a-f]{10}\.json$/),
    ]);
  });

  it('hides a scheduled article from its author and theme pages until its time', async () => {
    const future = newsItem('agendado', { data: '2026-03-10T08:30', autor: 'ana-souza', temas: ['financiamento'] });
    await putIndex(await indexOf([...ITEMS, future], Date.UTC(2026, 2, 1), AUTHORS));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 2, 10, 11, 29));
    forgetLiveIndex();
    expect(cardsOf(await text('/autor/ana-souza'))[0]).toBe('artigo-58');
    expect(cardsOf(await text('/tema/financiamento'))).not.toContain('agendado');
    vi.setSystemTime(Date.UTC(2026, 2, 10, 11, 31));
    forgetLiveIndex();
    expect(cardsOf(await text('/autor/ana-souza'))[0]).toBe('agendado');
    expect(cardsOf(await text('/tema/financiamento'))[0]).toBe('agendado');
  });

  it('an article names an author the registry lacks: signed by the site editor, and logged', async () => {
    const warn = vi.spyOn(console, 'warn');
    const item = newsItem('sem-registro', { autor: 'ninguem' });
    await putIndex(await indexOf([item], Date.UTC(2026, 0, 1), AUTHORS));
    await env.NEWS.put(item.htmlPath, '<p>Corpo.</p>');
    const doc = await documentOf(await fetchPath('/noticia/sem-registro'));
    expect(attr(query(doc, '.author-name a'), 'href')).toBe('/autor/helena-duarte');
    expect(warn.mock.calls.flat().join('\n')).toContain('author_unknown');
  });

  it('a corrupt registry or collection file is ignored or answered cleanly, never a 500', async () => {
    const files = await indexOf(ITEMS, Date.UTC(2026, 0, 1), AUTHORS);
    const meta = JSON.parse(files.get(INDEX_META_KEY)!) as IndexMetaFile;
    // The registry's value holds garbage; a collection's file is not JSON.
    files.set(`index/authors.${meta.authors}.json`, '{"ana-souza": {"nome": 1}}');
    files.set(`index/collections/tema/decoracao.${meta.collections!['tema/decoracao']}.json`, 'não é JSON');
    await putIndex(files);
    await env.NEWS.put(ITEMS[0]!.htmlPath, '<p>Corpo.</p>');
    expect((await fetchPath('/autor/ana-souza')).status).toBe(404);
    const article = await documentOf(await fetchPath('/noticia/artigo-0'));
    expect(attr(query(article, '.author-name a'), 'href')).toBe('/autor/helena-duarte');
    const theme = await fetchPath('/tema/decoracao');
    expect(theme.status).toBe(503);
    expect(await theme.text()).toContain('Lista indisponível');
    // A meta whose collections are not a map: ignored, the themes are empty and the rest of the site works.
    await putIndex(new Map([[INDEX_META_KEY, JSON.stringify({ ...meta, collections: { '../x': 'zz' } })]]));
    expect((await fetchPath('/tema/decoracao')).status).toBe(200);
    expect((await fetchPath('/')).status).toBe(200);
    // Nor a name whose slug no article could have (too long for a KV key once the hash is added).
    const long = `tema/${'a'.repeat(600)}`;
    await putIndex(new Map([[INDEX_META_KEY, JSON.stringify({ ...meta, collections: { [long]: '0123456789' } })]]));
    expect((await fetchPath('/sitemap.xml')).status).toBe(200);
    expect(await text('/sitemap.xml')).not.toContain('aaaa');
  });
});

/** 20 articles, every one by Ana Souza: a feed's worth. */
const ITEMS_FOR_FEED = Array.from({ length: 20 }, (_, i) => newsItem(`feed-${i}`, { data: day(i), autor: 'ana-souza' }));

describe('authors and themes in the feed and the sitemap', () => {
  it('the feed names each item’s author', async () => {
    const feed = await text('/feed.xml');
    expect(feed).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
    const item = /<item><title>Financiamento imobiliário: SAC ou Price[\s\S]*?<\/item>/.exec(feed)?.[0];
    expect(item).toContain('<dc:creator>Rafael Moreira</dc:creator>');
    const editors = /<item><title>Como decorar apartamentos pequenos[\s\S]*?<\/item>/.exec(feed)?.[0];
    expect(editors).toContain('<dc:creator>Helena Duarte</dc:creator>');
  });

  it('the feed reads the author registry once, however many items it names', async () => {
    await putIndex(await indexOf(ITEMS_FOR_FEED, Date.UTC(2026, 0, 1), AUTHORS));
    const keys: string[] = [];
    expect((await fetchWithEnv('/feed.xml', { NEWS: countingKv(keys) })).status).toBe(200);
    expect(keys.filter((key) => key.startsWith('index/authors.'))).toHaveLength(1);
  });

  it('the sitemap names every author page and every theme page that has articles', async () => {
    const sitemap = await text('/sitemap.xml');
    const locs = [...sitemap.matchAll(/<loc>http:\/\/localhost:8787(\/(?:autor|tema)\/[^<]+)<\/loc>/g)].map((m) => m[1]).sort();
    expect(locs).toEqual(
      [
        '/autor/camila-nogueira',
        '/autor/helena-duarte',
        '/autor/rafael-moreira',
        ...THEME_LIST.map((theme) => `/tema/${theme.slug}`),
      ].sort(),
    );
    for (const path of locs) expect((await fetchPath(path!)).status, path).toBe(200);
  });

  it('the sitemap leaves out lists that have no page: an author the registry lacks, a theme outside the table', async () => {
    const items = [
      newsItem('da-ana', { autor: 'ana-souza', temas: ['decoracao'] }),
      newsItem('de-ninguem', { autor: 'ninguem' }),
      newsItem('da-editora'),
    ];
    const files = await indexOf(items, Date.UTC(2026, 0, 1), AUTHORS);
    const meta = JSON.parse(files.get(INDEX_META_KEY)!) as IndexMetaFile;
    // A damaged meta also names a theme no article can have.
    files.set(
      INDEX_META_KEY,
      JSON.stringify({ ...meta, collections: { ...meta.collections, 'tema/nao-e-tema': meta.collections!['tema/decoracao'] } }),
    );
    await putIndex(files);
    const locs = [...(await text('/sitemap.xml')).matchAll(/<loc>http:\/\/localhost:8787(\/(?:autor|tema)\/[^<]+)<\/loc>/g)].map(
      (m) => m[1]!,
    );
    expect(locs.sort()).toEqual(['/autor/ana-souza', '/autor/helena-duarte', '/tema/decoracao']);
    for (const path of locs) expect((await fetchPath(path)).status, path).toBe(200);
    for (const path of ['/autor/ninguem', '/tema/nao-e-tema']) expect((await fetchPath(path)).status, path).toBe(404);
  });
});
