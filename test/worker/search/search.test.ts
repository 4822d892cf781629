import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import { documentOf, fetchPath, newsItem, query, queryAll, textContent, textOf } from '../helpers';
import { clearSearch, indexArticles, indexDocuments, resultSlugs } from './search-helpers';

/** A search page's HTML, with its status checked. */
async function searchHtml(q: string, status = 200, extra = ''): Promise<string> {
  const response = await fetchPath(`/busca?q=${encodeURIComponent(q)}${extra}`);
  expect(response.status).toBe(status);
  return textOf(response);
}

const found = async (q: string) => resultSlugs(await searchHtml(q));

const item = (slug: string, overrides: Partial<NewsItem> = {}) =>
  newsItem(slug, { imagemAtual: 'como-decorar-apartamentos-pequenos.webp', ...overrides });

beforeEach(clearSearch);
afterEach(() => vi.useRealTimers());
afterAll(clearSearch);

describe('matching', () => {
  beforeEach(() =>
    indexArticles([
      { item: item('sala-decorada', { titulo: 'Decoração de salas pequenas', data: '2025-05-01' }) },
      {
        item: item('credito-casa', { titulo: 'Crédito para a casa própria', data: '2025-05-02' }),
        body: '<p>O <strong>financiamento</strong> imobiliário ficou mais caro.</p>',
      },
      {
        item: item('jardim', { titulo: 'Jardins verticais', descricao: 'Plantas na varanda e decoração sustentável.', data: '2025-05-03' }),
      },
    ]),
  );

  it('ignores case and accents', async () => {
    expect(await found('decoracao')).toEqual(['jardim', 'sala-decorada']);
    expect(await found('DECORAÇÃO')).toEqual(['jardim', 'sala-decorada']);
    expect(await found('Credito')).toEqual(['credito-casa']);
  });

  it('finds words by their beginning, in the title, the summary and the body', async () => {
    expect(await found('financ')).toEqual(['credito-casa']);
    expect(await found('sustent')).toEqual(['jardim']);
    expect(await found('decor')).toEqual(['jardim', 'sala-decorada']);
  });

  it('requires every word', async () => {
    expect(await found('decoração salas')).toEqual(['sala-decorada']);
    expect(await found('decoração financiamento')).toEqual([]);
  });

  it('does not find a word by its middle', async () => {
    expect(await found('nanciamento')).toEqual([]);
  });

  it('marks the matches in the title and shows the passage of the body that matched', async () => {
    const html = await searchHtml('financ');
    expect(html).toContain('<mark>financiamento</mark> imobiliário ficou mais caro.');
    const titleHtml = await searchHtml('crédito');
    expect(titleHtml).toContain('<a href="/noticia/credito-casa"><mark>Crédito</mark> para a casa própria</a>');
  });

  it('says how many were found, in which order, and that nothing was found', async () => {
    expect(await searchHtml('decoração')).toContain('2 notícias encontradas para “decoração”, da mais recente para a mais antiga.');
    expect(await searchHtml('financ')).toContain('1 notícia encontrada para “financ”');
    const none = await searchHtml('terremoto');
    expect(none).toContain('Nenhuma notícia encontrada para “terremoto”.');
    expect(resultSlugs(none)).toEqual([]);
  });
});

describe('order and pages', () => {
  const DAY = 86_400_000;
  const dated = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * DAY).toISOString().slice(0, 10);

  beforeEach(() =>
    indexArticles(
      Array.from({ length: 30 }, (_, i) => ({ item: item(`reforma-${i}`, { titulo: `Reforma número ${i}`, data: dated(i) }) })),
    ),
  );

  it('lists the newest first, 24 to a page, with a pager', async () => {
    const first = await searchHtml('reforma');
    expect(resultSlugs(first)).toEqual(Array.from({ length: 24 }, (_, i) => `reforma-${29 - i}`));
    expect(first).toContain('Página 1 de 2');
    expect(first).toContain('<a class="pager-link" href="/busca?q=reforma&pagina=2" rel="next">');
    const second = await searchHtml('reforma', 200, '&pagina=2');
    expect(resultSlugs(second)).toEqual(Array.from({ length: 6 }, (_, i) => `reforma-${5 - i}`));
    expect(second).toContain('<a class="pager-link" href="/busca?q=reforma" rel="prev">');
    expect(second).toContain('Busca: página 2');
  });

  it('answers 404 for a page past the last, or a page number that is not one', async () => {
    for (const pagina of ['3', '0', '-1', 'abc', '1.5', '01', '51', '9999999999999999999']) {
      expect((await fetchPath(`/busca?q=reforma&pagina=${pagina}`)).status, pagina).toBe(404);
    }
  });
});

describe('what reaches the page from D1 is text', () => {
  it('escapes a title, summary and body holding markup', async () => {
    await indexArticles([
      {
        item: item('hostil', {
          titulo: '<script>alert(1)</script> Decoração',
          descricao: '<img src=x onerror=alert(2)> resumo',
        }),
        body: '<p>decoração &lt;iframe src="javascript:alert(3)"&gt;</p>',
      },
    ]);
    const html = await (await fetchPath('/busca?q=decoracao')).text();
    expect(html).not.toMatch(/<script>alert|<img src=x|<iframe/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; <mark>Decoração</mark>');
    expect(html).toContain('&lt;iframe src=&quot;javascript:alert(3)&quot;&gt;');
  });

  it('keeps markers and control characters stored in D1 from becoming markup, and skips an unusable row', async () => {
    const good = item('boa', { titulo: 'Varanda gourmet' });
    await indexDocuments([
      {
        slug: 'boa',
        published: 0,
        item: JSON.stringify(good),
        version: 'v',
        titulo: 'Varanda gourmet',
        descricao: 'x',
        corpo: 'varanda \u0003<b>fechada</b>\u0002 <mark>falsa</mark> \u0001 fim',
      },
      { slug: 'ruim', published: 0, item: '{"slug": "ruim"', version: 'v', titulo: 'Varanda quebrada', descricao: '', corpo: '' },
      {
        slug: 'trocada',
        published: 0,
        item: JSON.stringify(item('outra')),
        version: 'v',
        titulo: 'Varanda trocada',
        descricao: '',
        corpo: '',
      },
    ]);
    const response = await fetchPath('/busca?q=varanda');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(resultSlugs(html)).toEqual(['boa']);
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;b&gt;fechada&lt;/b&gt;');
    expect(html).toContain('&lt;mark&gt;falsa&lt;/mark&gt;');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may reach the page
    expect(html).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });
});

describe('scheduled articles', () => {
  it('are found only once their time has come', async () => {
    await indexArticles([
      { item: item('ja-saiu', { titulo: 'Leilão de imóveis', data: '2025-06-01' }) },
      { item: item('agendada', { titulo: 'Leilão de terrenos', data: '2031-03-10T09:00' }) },
    ]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2031, 2, 10, 11, 59)); // 08:59 in São Paulo
    expect(await found('leilão')).toEqual(['ja-saiu']);
    expect(await searchHtml('leilão')).toContain('1 notícia encontrada');
    vi.setSystemTime(Date.UTC(2031, 2, 10, 12, 0)); // 09:00 in São Paulo
    expect(await found('leilão')).toEqual(['agendada', 'ja-saiu']);
  });
});

describe('the page', () => {
  beforeEach(() => indexArticles([{ item: item('sala', { titulo: 'Sala integrada' }) }]));

  it('is never indexed by search engines and has no canonical URL', async () => {
    const doc = await documentOf(await fetchPath('/busca?q=sala'));
    expect(queryAll(doc, 'meta[name="robots"][content="noindex"]')).toHaveLength(1);
    expect(queryAll(doc, 'link[rel="canonical"]')).toHaveLength(0);
    expect(textContent(query(doc, 'title'))).toBe('Busca | Casa em Pauta');
  });

  it('invites a search when nothing was typed, and asks for a real word when only signs were', async () => {
    for (const path of ['/busca', '/busca?q=', '/busca?q=%20%20']) {
      const response = await fetchPath(path);
      expect(response.status, path).toBe(200);
      expect(await textOf(response)).toContain('Digite uma ou mais palavras para buscar');
    }
    const signs = await searchHtml('* ( ) " a e');
    expect(signs).toContain('Digite ao menos uma palavra com duas letras ou mais.');
    expect((await fetchPath('/busca?pagina=2')).status).toBe(404);
  });

  it('keeps the words in its own box, to refine them', async () => {
    const doc = await documentOf(await fetchPath('/busca?q=Sala%20%20INTEGRADA'));
    const form = query(doc, 'form#busca-pagina');
    expect(attrValue(query(form, 'input[name="q"]'), 'value')).toBe('sala integrada');
    // Two search landmarks on the page, each with its own name.
    expect(attrValue(form, 'aria-label')).toBe('Refinar a busca');
  });

  it('is cached briefly, and an error page never', async () => {
    expect((await fetchPath('/busca?q=sala')).headers.get('Cache-Control')).toBe('public, max-age=60, s-maxage=60');
    const tooLong = await fetchPath(`/busca?q=${'a'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.headers.get('Cache-Control')).toBe('no-store');
  });
});

const attrValue = (element: Parameters<typeof textContent>[0] & { attrs: { name: string; value: string }[] }, name: string) =>
  element.attrs.find((attribute) => attribute.name === name)?.value;

describe('on every page', () => {
  it('the header has a labelled search form that is a plain GET to /busca', async () => {
    for (const path of ['/', '/sobre', '/busca?q=x', '/nao-existe']) {
      const doc = await documentOf(await fetchPath(path));
      const form = query(doc, 'header form#busca-topo');
      expect(attrValue(form, 'action'), path).toBe('/busca');
      expect(attrValue(form, 'method')).toBe('get');
      expect(attrValue(form, 'role')).toBe('search');
      expect(attrValue(form, 'aria-label')).toBe('Busca no site');
      const input = query(form, 'input[name="q"]');
      expect(textContent(query(form, `label[for="${attrValue(input, 'id')}"]`))).toBe('Buscar notícias no site');
      expect(query(form, 'button[type="submit"]')).toBeTruthy();
    }
  });

  it('the head names the OpenSearch description, which points at /busca', async () => {
    const doc = await documentOf(await fetchPath('/'));
    const link = query(doc, 'link[rel="search"]');
    expect(attrValue(link, 'type')).toBe('application/opensearchdescription+xml');
    expect(attrValue(link, 'href')).toBe('/opensearch.xml');
    const response = await fetchPath('/opensearch.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/opensearchdescription+xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toContain('<ShortName>Casa em Pauta</ShortName>');
    expect(xml).toContain('<Url type="text/html" method="get" template="http://localhost:8787/busca?q={searchTerms}"/>');
  });

  it("the home page's WebSite carries a SearchAction", async () => {
    const html = await (await fetchPath('/')).text();
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!;
    const website = (JSON.parse(json) as { '@graph': Record<string, unknown>[] })['@graph'].find((node) => node['@type'] === 'WebSite');
    expect(website?.potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: 'http://localhost:8787/busca?q={search_term_string}' },
      'query-input': 'required name=search_term_string',
    });
  });
});
