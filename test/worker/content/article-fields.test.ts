import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { parseIndexMeta } from '#src/content/index/index-parse.ts';
import { INDEX_META_KEY, type IndexMetaFile } from '#src/content/index/news-index.ts';
import { type NewsItem, parseNewsItem } from '#src/content/schema/news-item.ts';
import {
  attr,
  bundledNews,
  clearKv,
  fetchPath,
  indexOf,
  newsItem,
  pageDocument,
  publishWithBodies,
  putIndex,
  query,
  queryAll,
  textContent,
} from '../helpers';

/**
 * The optional article fields (alt, credito, atualizado, destaque) from the
 * stored item to every place a reader or a machine sees them, and, where they
 * are absent, everything exactly as before they existed.
 */
let warnings: MockInstance<typeof console.warn>;
beforeEach(() => {
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(clearKv);
afterEach(() => vi.restoreAllMocks());

const ORIGIN = 'http://localhost:8787';

const publish = publishWithBodies;
const page = pageDocument;

function jsonLdArticle(document: Awaited<ReturnType<typeof page>>): Record<string, unknown> {
  const script = query(document, 'script[type="application/ld+json"]');
  return (JSON.parse(textContent(script)) as { '@graph': Record<string, unknown>[] })['@graph'][0]!;
}

/** The `<item>` of the feed for a slug. */
async function feedItem(slug: string): Promise<string> {
  const xml = await (await fetchPath('/feed.xml')).text();
  return xml.match(new RegExp(`<item><title>[^<]*</title><link>${ORIGIN}/noticia/${slug}</link>.*?</item>`))![0];
}

const sitemapLastmod = async (slug: string) =>
  (await (await fetchPath('/sitemap.xml')).text()).match(new RegExp(`<loc>${ORIGIN}/noticia/${slug}</loc><lastmod>([^<]*)</lastmod>`))?.[1];

const logged = (event: string) => warnings.mock.calls.map(([line]) => JSON.parse(String(line))).filter((entry) => entry.event === event);

const FULL = newsItem('artigo-completo', {
  titulo: 'Artigo com todos os campos novos',
  data: '2025-04-28',
  alt: 'Sala pequena com sofá amarelo e espelho redondo',
  credito: 'Ana Lima/Folhapress',
  atualizado: '2025-05-03T14:30',
  destaque: true,
});

const PLAIN = newsItem('artigo-simples', { titulo: 'Artigo sem os campos novos', data: '2025-04-20' });

describe('alt and credito', () => {
  it('the article image, its caption and the cards use them; absent, the title and Reprodução/Internet, as before', async () => {
    await publish(FULL, PLAIN);
    const article = await page('/noticia/artigo-completo');
    expect(attr(query(article, 'figure.article-figure img'), 'alt')).toBe('Sala pequena com sofá amarelo e espelho redondo');
    expect(textContent(query(article, 'figure.article-figure figcaption'))).toBe('Imagem: Ana Lima/Folhapress');
    const cards = queryAll(await page('/'), 'article.card');
    const cardAlt = (item: NewsItem) => attr(query(cards.find((card) => textContent(card).includes(item.titulo))!, 'img'), 'alt');
    expect(cardAlt(FULL)).toBe('Sala pequena com sofá amarelo e espelho redondo');
    expect(cardAlt(PLAIN)).toBe(PLAIN.titulo);
    const plain = await page('/noticia/artigo-simples');
    expect(attr(query(plain, 'figure.article-figure img'), 'alt')).toBe(PLAIN.titulo);
    expect(textContent(query(plain, 'figcaption'))).toBe('Imagem: Reprodução/Internet');
  });

  it('a credit with its own label is shown as written', async () => {
    await publish(newsItem('ilustrado', { credito: 'Ilustração: Casa em Pauta' }));
    expect(textContent(query(await page('/noticia/ilustrado'), 'figcaption'))).toBe('Ilustração: Casa em Pauta');
  });
});

describe('atualizado', () => {
  it('shows on the meta line and dates JSON-LD, the sitemap and the feed; absent, every date is data, as before', async () => {
    await publish(FULL, PLAIN);
    const article = await page('/noticia/artigo-completo');
    const meta = query(article, 'p.article-meta');
    expect(textContent(meta)).toMatch(/^28 de abril de 2025 · Atualizado em 3 de maio de 2025 · \d+ min de leitura$/);
    expect(queryAll(meta, 'time').map((time) => attr(time, 'datetime'))).toEqual(['2025-04-28', '2025-05-03T14:30:00-03:00']);
    expect(jsonLdArticle(article)).toMatchObject({ datePublished: '2025-04-28', dateModified: '2025-05-03T14:30:00-03:00' });
    expect(await sitemapLastmod('artigo-completo')).toBe('2025-05-03T14:30:00-03:00');
    // 14:30 in São Paulo is 17:30 UTC.
    expect(await feedItem('artigo-completo')).toContain('<pubDate>Sat, 03 May 2025 17:30:00 GMT</pubDate>');

    const plain = await page('/noticia/artigo-simples');
    expect(textContent(plain)).not.toContain('Atualizado');
    expect(queryAll(query(plain, 'p.article-meta'), 'time')).toHaveLength(1);
    expect(jsonLdArticle(plain)).toMatchObject({ datePublished: '2025-04-20', dateModified: '2025-04-20' });
    expect(await sitemapLastmod('artigo-simples')).toBe('2025-04-20');
    expect(await feedItem('artigo-simples')).toContain('<pubDate>Sun, 20 Apr 2025 12:00:00 GMT</pubDate>');
  });

  it('a day alone is dated like data: the day itself, noon UTC in the feed', async () => {
    await publish(newsItem('corrigido', { data: '2025-04-28', atualizado: '2025-05-03' }));
    const article = await page('/noticia/corrigido');
    expect(textContent(query(article, 'p.article-meta'))).toContain('Atualizado em 3 de maio de 2025');
    expect(jsonLdArticle(article)).toMatchObject({ dateModified: '2025-05-03' });
    expect(await sitemapLastmod('corrigido')).toBe('2025-05-03');
    expect(await feedItem('corrigido')).toContain('<pubDate>Sat, 03 May 2025 12:00:00 GMT</pubDate>');
  });

  it('a time in São Paulo’s old summer time carries its offset', async () => {
    await publish(newsItem('antigo', { data: '2018-01-05', atualizado: '2018-01-10T10:00' }));
    expect(jsonLdArticle(await page('/noticia/antigo'))).toMatchObject({ dateModified: '2018-01-10T10:00:00-02:00' });
    expect(await feedItem('antigo')).toContain('<pubDate>Wed, 10 Jan 2018 12:00:00 GMT</pubDate>');
  });

  it('the feed is as recent as its latest correction', async () => {
    await publish(newsItem('nova', { data: '2025-06-01' }), newsItem('velha-corrigida', { data: '2025-01-01', atualizado: '2025-07-01' }));
    expect(await (await fetchPath('/feed.xml')).text()).toContain('<lastBuildDate>Tue, 01 Jul 2025 12:00:00 GMT</lastBuildDate>');
  });
});

describe('correcao: the note saying what a correction changed', () => {
  const NOTE = 'Uma versão anterior dizia que a taxa era de 5,9% ao ano; a taxa correta é de 9,5% ao ano.';

  it('shows under the body, dated by atualizado, linked from the meta line, and in JSON-LD', async () => {
    await publish(newsItem('com-nota', { data: '2025-04-28', atualizado: '2025-05-03T14:30', correcao: NOTE }), PLAIN);
    const article = await page('/noticia/com-nota');
    const note = query(article, '#correcao');
    expect(textContent(note)).toBe(`Correção · 3 de maio de 2025${NOTE}`);
    expect(attr(query(note, 'time'), 'datetime')).toBe('2025-05-03T14:30:00-03:00');
    // Right after the body, inside the article.
    const html = await (await fetchPath('/noticia/com-nota')).text();
    const at = (marker: string) => html.indexOf(marker);
    expect(at('class="prose article-body"')).toBeLessThan(at('id="correcao"'));
    expect(at('id="correcao"')).toBeLessThan(at('</article>'));
    // Its body's later blocks are not deferred (no deferred-blocks), so the link's scroll lands on the note.
    expect(html.slice(at('class="prose article-body"'), at('id="correcao"'))).toMatch(
      /^class="prose article-body"><p>Corpo do artigo.<\/p><\/div><div class="article-correction" $/,
    );
    expect(attr(query(article, 'p.article-meta a'), 'href')).toBe('#correcao');
    expect(textContent(query(article, 'p.article-meta a'))).toBe('Atualizado em 3 de maio de 2025');
    expect(jsonLdArticle(article)).toMatchObject({
      correction: { '@type': 'CorrectionComment', text: NOTE, datePublished: '2025-05-03T14:30:00-03:00' },
    });
    // Without a note: no box, no link, no correction in JSON-LD.
    const plain = await page('/noticia/artigo-simples');
    expect(queryAll(plain, '#correcao')).toHaveLength(0);
    expect(queryAll(plain, 'p.article-meta a')).toHaveLength(0);
    expect(jsonLdArticle(plain)).not.toHaveProperty('correction');
    // With nothing after it to scroll to, its later blocks wait for the reader.
    expect(queryAll(plain, '.article-body.deferred-blocks')).toHaveLength(1);
  });

  it('is text, never markup, whatever the store holds', async () => {
    await publish(
      newsItem('nota-hostil', { data: '2025-04-28', atualizado: '2025-05-03', correcao: '<img src=x onerror=alert(1)> corrigido o valor' }),
    );
    const html = await (await fetchPath('/noticia/nota-hostil')).text();
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; corrigido o valor');
    expect(html).not.toContain('<img src=x');
  });

  it('is left out (and logged) without a valid atualizado to date it, or outside 20–400 characters', () => {
    const dropped: string[] = [];
    const read = (fields: Partial<NewsItem>) =>
      parseNewsItem({ ...PLAIN, ...fields }, (field, reason) => dropped.push(`${field}: ${reason}`));
    expect(read({ correcao: NOTE })).not.toHaveProperty('correcao');
    expect(read({ atualizado: '2025-04-01', correcao: NOTE })).not.toHaveProperty('correcao');
    expect(read({ atualizado: '2025-05-03', correcao: 'curta' })).not.toHaveProperty('correcao');
    expect(read({ atualizado: '2025-05-03', correcao: 'x'.repeat(401) })).not.toHaveProperty('correcao');
    expect(dropped.filter((line) => line.startsWith('correcao: '))).toEqual([
      'correcao: há "correcao" sem "atualizado": a nota diz quando o artigo foi corrigido',
      'correcao: há "correcao" sem "atualizado": a nota diz quando o artigo foi corrigido',
      'correcao: o campo "correcao" tem 5 caracteres; o esperado é de 20 a 400',
      'correcao: o campo "correcao" tem 401 caracteres; o esperado é de 20 a 400',
    ]);
    expect(read({ atualizado: '2025-05-03', correcao: NOTE })).toMatchObject({ correcao: NOTE });
  });
});

describe('share links', () => {
  it('point to each service with the canonical address and title, encoded, and open only on a click', async () => {
    const item = newsItem('compartilhar', { titulo: 'Juros & parcelas: o que muda em 2026?', data: '2025-04-28' });
    await publish(item);
    const html = await (await fetchPath('/noticia/compartilhar')).text();
    const article = await page('/noticia/compartilhar');
    const links = queryAll(query(article, 'div.share'), 'a');
    const url = encodeURIComponent(`${ORIGIN}/noticia/compartilhar`);
    const title = encodeURIComponent(item.titulo);
    expect(links.map((link) => attr(link, 'href'))).toEqual([
      `https://wa.me/?text=${encodeURIComponent(`${item.titulo} ${ORIGIN}/noticia/compartilhar`)}`,
      `https://www.facebook.com/sharer/sharer.php?u=${url}`,
      `https://x.com/intent/post?text=${title}&url=${url}`,
      `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
      `mailto:?subject=${title}&body=${url}`,
    ]);
    // New tabs without a window.opener or a referrer; the e-mail link stays in place.
    expect(links.map((link) => attr(link, 'rel'))).toEqual([...Array(4).fill('noopener noreferrer'), undefined]);
    expect(links.map((link) => attr(link, 'aria-label'))).toContain('Compartilhar no WhatsApp (abre em nova aba)');
    // Links only: no script, image or frame of those services in the page.
    expect(html).not.toMatch(/<(script|img|iframe)[^>]+(wa\.me|facebook\.com|x\.com|linkedin\.com)/);
  });
});

describe('stored optional fields are checked on read', () => {
  it('a bad one is left out of the entry, which is kept, and logged', async () => {
    const bad = newsItem('campos-ruins', {
      titulo: 'Artigo com campos opcionais estragados',
      data: '2025-05-10',
      alt: 'curto',
      credito: 42 as unknown as string,
      atualizado: '2025-05-01',
      destaque: 'sim' as unknown as true,
    });
    await publish(bad);
    const article = await page('/noticia/campos-ruins');
    expect(attr(query(article, 'figure.article-figure img'), 'alt')).toBe(bad.titulo);
    expect(textContent(query(article, 'figcaption'))).toBe('Imagem: Reprodução/Internet');
    expect(textContent(article)).not.toContain('Atualizado');
    expect(jsonLdArticle(article)).toMatchObject({ dateModified: '2025-05-10' });
    expect(logged('news_item_field_dropped').map((entry) => entry.field)).toEqual(
      expect.arrayContaining(['alt', 'credito', 'atualizado', 'destaque']),
    );
    // Not featured: the fixed block.
    expect(textContent(query(await page('/'), 'section.hot-news h2'))).toBe('Apartamentos pequenos, soluções grandes');
  });

  it('parseNewsItem keeps only valid optional fields and says why it dropped the others', () => {
    const dropped: string[] = [];
    const entry = parseNewsItem(
      { ...PLAIN, alt: 'x'.repeat(151), credito: '  Foto: Ana  ', atualizado: '2025-04-20T24:00', destaque: true },
      (field, reason) => dropped.push(`${field}: ${reason}`),
    );
    expect(entry).toMatchObject({ credito: '  Foto: Ana  ', destaque: true });
    expect(entry).not.toHaveProperty('alt');
    expect(entry).not.toHaveProperty('atualizado');
    expect(dropped).toEqual([expect.stringMatching(/^alt: /), expect.stringMatching(/^atualizado: /)]);
    expect(parseNewsItem({ ...PLAIN, atualizado: '2025-04-20T09:05' })).toMatchObject({ atualizado: '2025-04-20T09:05' });
  });

  it('parseNewsItem keeps the image formats the engine records (WebP alone) and refuses an entry with any other', () => {
    expect(parseNewsItem({ ...PLAIN, formatosImagem: ['webp'] })).toMatchObject({ formatosImagem: ['webp'] });
    expect(parseNewsItem(PLAIN)).not.toHaveProperty('formatosImagem');
    for (const odd of [[], ['avif'], ['webp', 'webp'], 'webp', ['png']]) {
      expect(parseNewsItem({ ...PLAIN, formatosImagem: odd })).toMatch(/^invalid formatosImagem/);
    }
  });

  it('parseNewsItem keeps the share image the engine records (true) and refuses an entry with any other value', () => {
    expect(parseNewsItem({ ...PLAIN, imagemSocial: true })).toMatchObject({ imagemSocial: true });
    expect(parseNewsItem(PLAIN)).not.toHaveProperty('imagemSocial');
    for (const odd of [false, 'true', 1, 'casa-1200x630.webp', {}, null]) {
      expect(parseNewsItem({ ...PLAIN, imagemSocial: odd })).toMatch(/^invalid imagemSocial/);
    }
  });
});

describe('destaque: the home page featured block', () => {
  it('shows the newest marked article', async () => {
    await publish(
      newsItem('marcado-antigo', { titulo: 'Destaque mais antigo', data: '2025-03-01', destaque: true }),
      newsItem('marcado-novo', { titulo: 'Destaque mais novo', descricao: 'O resumo do destaque.', data: '2025-05-01', destaque: true }),
      newsItem('sem-marca', { titulo: 'O mais novo, sem marca', data: '2025-06-01' }),
    );
    const block = query(await page('/'), 'section.hot-news');
    expect(textContent(query(block, 'h2'))).toBe('Destaque mais novo');
    expect(textContent(block)).toContain('O resumo do destaque.');
    expect(attr(query(block, 'time'), 'datetime')).toBe('2025-05-01');
    expect(textContent(query(block, 'time'))).toBe('01/05/2025');
    expect(attr(query(block, 'a.button'), 'href')).toBe('/noticia/marcado-novo');
  });

  it('falls back to the fixed block once none is marked', async () => {
    await publish(FULL, PLAIN);
    expect(textContent(query(await page('/'), 'section.hot-news h2'))).toBe(FULL.titulo);
    await publish(PLAIN);
    const block = query(await page('/'), 'section.hot-news');
    expect(textContent(query(block, 'h2'))).toBe('Apartamentos pequenos, soluções grandes');
    expect(textContent(query(block, 'time'))).toBe('28/04/2025');
    expect(attr(query(block, 'a.button'), 'href')).toBe('/noticia/como-decorar-apartamentos-pequenos');
  });

  it('is found when the index is built: the meta names it, and names nothing when none is marked', async () => {
    const meta = async (items: NewsItem[]) => JSON.parse((await indexOf(items)).get(INDEX_META_KEY)!) as IndexMetaFile;
    expect(
      (await meta([newsItem('a', { data: '2025-01-02', destaque: true }), newsItem('b', { data: '2025-01-01', destaque: true })])).featured,
    ).toBe('a');
    expect(await meta([newsItem('a'), newsItem('b')])).not.toHaveProperty('featured');
  });

  it.each([
    ['not a slug', '../segredo'],
    ['not text', 42],
  ])('a meta whose featured value is %s is used without it (logged)', async (_, value) => {
    const files = await indexOf([newsItem('marcado', { destaque: true })]);
    const meta = JSON.parse(files.get(INDEX_META_KEY)!) as Record<string, unknown>;
    files.set(INDEX_META_KEY, JSON.stringify({ ...meta, featured: value }));
    await putIndex(files);
    await env.NEWS.put('noticias/marcado.html', '<p>corpo</p>');
    expect(parseIndexMeta(files.get(INDEX_META_KEY)!).featured).toBeNull();
    const home = await page('/');
    expect(queryAll(home, 'article.card')).toHaveLength(1);
    expect(textContent(query(home, 'section.hot-news h2'))).toBe('Apartamentos pequenos, soluções grandes');
    expect(logged('news_index_value_ignored')).toEqual([expect.objectContaining({ field: 'featured', source: 'kv' })]);
  });

  it.each([
    ['not in the list', 'outro-artigo'],
    ['not marked', 'sem-marca'],
  ])('a featured slug that is %s gives the fixed block (logged)', async (_, slug) => {
    const files = await indexOf([newsItem('sem-marca')]);
    const meta = JSON.parse(files.get(INDEX_META_KEY)!) as Record<string, unknown>;
    files.set(INDEX_META_KEY, JSON.stringify({ ...meta, featured: slug }));
    await putIndex(files);
    expect(textContent(query(await page('/'), 'section.hot-news h2'))).toBe('Apartamentos pequenos, soluções grandes');
    expect(logged('featured_item_unusable')).toEqual([expect.objectContaining({ slug })]);
  });
});

describe('the bundled samples', () => {
  // The shipped samples show the brief's defaults (docs/product.md): the fields
  // that change them are shown by the tests above, not by the samples.
  it('leave the featured block to the fixed small-apartments article', async () => {
    expect((await bundledNews()).filter((item) => item.destaque)).toEqual([]);
    const home = await page('/');
    expect(attr(query(home, 'section.hot-news a.button'), 'href')).toBe('/noticia/como-decorar-apartamentos-pequenos');
    expect(textContent(query(home, 'section.hot-news h2'))).toBe('Apartamentos pequenos, soluções grandes');
  });

  it('caption every image "Imagem: Reprodução/Internet"', async () => {
    const items = await bundledNews();
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.credito, item.slug).toBeUndefined();
      expect(textContent(query(await page(`/noticia/${item.slug}`), 'figcaption')), item.slug).toBe('Imagem: Reprodução/Internet');
    }
  });

  it('show a correction with its note', async () => {
    const corrected = (await bundledNews()).find((item) => item.atualizado)!;
    const article = await page(`/noticia/${corrected.slug}`);
    expect(textContent(query(article, 'p.article-meta'))).toContain('Atualizado em');
    expect(corrected.correcao).toBeDefined();
    expect(textContent(query(article, '#correcao'))).toContain(corrected.correcao!);
  });
});
