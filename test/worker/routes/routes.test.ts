import { env } from 'cloudflare:test';
import { serialize } from 'parse5';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { attr, bundledNews, documentOf, fetchPath, query, queryAll, textContent, textOf } from '../helpers';

beforeEach(() => forgetLiveIndex());

describe('home', () => {
  it('renders the hero, the hot-news block and a card for every bundled item', async () => {
    const response = await fetchPath('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html><html[ >]/);
    const page = await documentOf(new Response(html));
    expect(attr(query(page, 'html'), 'lang')).toBe('pt-BR');
    const text = textContent(page);
    for (const tag of ['MercadoImobiliário', 'Financiamento', 'Investimentos', 'Decoração', 'Arquitetura', 'Sustentabilidade']) {
      expect(text).toContain(`#${tag}`);
    }
    expect(queryAll(page, 'a[href="/noticia/como-decorar-apartamentos-pequenos"]')).not.toHaveLength(0);
    expect(queryAll(page, 'h2').map(textContent)).toContain('Postagens');
    const items = await bundledNews();
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(queryAll(page, 'article.card')).toHaveLength(items.length);
    for (const item of items) {
      expect(text).toContain(item.titulo);
      expect(queryAll(page, `a[href="/noticia/${item.slug}"]`)).not.toHaveLength(0);
    }
  });

  it('shows each card with thumbnail size and alt, dd/MM/yyyy date, badge and Ler mais', async () => {
    const card = query(await documentOf(await fetchPath('/')), 'article.card');
    const avif = query(card, 'picture source[type="image/avif"]');
    expect(attr(avif, 'srcset')).toMatch(/^\/thumbnails\/[a-z0-9-]+-480w\.avif 480w, [^"]+-800w\.avif 800w, [^"]+-1200w\.avif 1200w$/);
    expect(attr(avif, 'sizes')).toBeTruthy();
    const image = query(card, 'picture img.card-image');
    expect(attr(image, 'src')).toMatch(/^\/thumbnails\/[a-z0-9-]+-800w\.webp$/);
    expect(attr(image, 'srcset')).toMatch(/^[^"]+-480w\.webp 480w, [^"]+$/);
    expect(attr(image, 'sizes')).toBeTruthy();
    expect(attr(image, 'alt')).toBeTruthy();
    expect([attr(image, 'width'), attr(image, 'height'), attr(image, 'loading')]).toEqual(['1200', '675', 'lazy']);
    const date = query(card, 'time');
    expect(attr(date, 'datetime')).toMatch(/^2025-\d\d-\d\d$/);
    expect(textContent(date)).toMatch(/^\d\d\/\d\d\/2025$/);
    expect(textContent(query(card, 'span.badge'))).toBe('Notícia');
    expect(textContent(card)).toContain('Ler mais');
  });

  it('loads every thumbnail of the home page lazily', async () => {
    const images = queryAll(await documentOf(await fetchPath('/')), 'img.card-image');
    const loading = images.map((image) => `${attr(image, 'loading')}${attr(image, 'fetchpriority') === 'high' ? '+high' : ''}`);
    // The hero and the featured block fill the first screen on a phone and at
    // 1280×800: an eager thumbnail would only compete with the CSS for bandwidth.
    expect(loading.length).toBeGreaterThan(3);
    expect(new Set(loading)).toEqual(new Set(['lazy']));
  });

  it('lists the newest article first', async () => {
    const items = await bundledNews();
    const newest = [...items].sort((a, b) => b.data.localeCompare(a.data))[0]!;
    const firstCard = query(await documentOf(await fetchPath('/')), 'article.card');
    expect(textContent(firstCard)).toContain(newest.titulo);
  });
});

describe('article page', () => {
  const slug = 'como-decorar-apartamentos-pequenos';

  it('renders date, reading time, title, description, author, image with caption and body', async () => {
    const [item] = (await bundledNews()).filter((entry) => entry.slug === slug);
    const response = await fetchPath(`/noticia/${slug}`);
    expect(response.status).toBe(200);
    const page = await documentOf(response);
    const text = textContent(page);
    expect(queryAll(page, 'time[datetime="2025-04-28"]').map(textContent)).toContain('28 de abril de 2025');
    expect(text).toMatch(/\d+ min de leitura/);
    expect(queryAll(page, 'h1').map(textContent)).toContain(item!.titulo);
    expect(text).toContain(item!.descricao);
    expect(text).toContain('Por Helena Duarte');
    expect(queryAll(page, 'figcaption').map(textContent)).toContain('Imagem: Reprodução/Internet');
    // The article image is the likely LCP element: fetched first, never lazily.
    const figure = query(page, 'figure.article-figure');
    expect(attr(query(figure, 'picture source[type="image/avif"]'), 'srcset')).toBeTruthy();
    const image = query(figure, 'picture img');
    expect(attr(image, 'src')).toMatch(/-800w\.webp$/);
    for (const name of ['srcset', 'sizes', 'alt']) expect(attr(image, name)).toBeTruthy();
    expect([attr(image, 'width'), attr(image, 'height'), attr(image, 'loading'), attr(image, 'fetchpriority')]).toEqual([
      '1200',
      '675',
      'eager',
      'high',
    ]);
    // Decoded off the main thread: on a slow phone a synchronous decode of this image is a long task.
    expect(attr(image, 'decoding')).toBe('async');
    // Asked for as the response starts, not when the parser reaches it past the inline stylesheet:
    // the head preloads the very candidates and sizes of the picture's first source.
    const preload = query(page, 'head link[rel="preload"][as="image"]');
    const source = query(figure, 'picture source');
    expect([attr(preload, 'type'), attr(preload, 'imagesrcset'), attr(preload, 'imagesizes'), attr(preload, 'fetchpriority')]).toEqual([
      'image/avif',
      attr(source, 'srcset'),
      attr(source, 'sizes'),
      'high',
    ]);
    const head = query(page, 'head').childNodes;
    expect(head.indexOf(preload)).toBeLessThan(head.indexOf(query(page, 'head style')));
    const stored = await env.ASSETS.fetch(`http://assets/${item!.htmlPath}`);
    expect(stored.status).toBe(200);
    const body = await stored.text();
    expect(body.length).toBeGreaterThan(200);
    expect(serialize(query(page, 'div.prose.article-body')).slice(0, 200)).toBe(body.slice(0, 200));
    // Over 70 characters with the brand: the title alone (it is what search results show).
    expect(item!.titulo.length + ' | Casa em Pauta'.length).toBeGreaterThan(70);
    expect(textContent(query(page, 'title'))).toBe(item!.titulo);
  });

  it('shows up to 4 related articles, never the current one', async () => {
    const page = await documentOf(await fetchPath(`/noticia/${slug}`));
    const links = queryAll(page, 'section.related h3.card-title a').map(
      (link) => /^\/noticia\/([a-z0-9-]+)/.exec(attr(link, 'href')!)?.[1],
    );
    expect(links).toHaveLength(4);
    expect(new Set(links).size).toBe(4);
    expect(links).not.toContain(slug);
  });

  it('answers 404 with the pt-BR page for an unknown slug', async () => {
    const response = await fetchPath('/noticia/esta-noticia-nao-existe');
    expect(response.status).toBe(404);
    const page = await documentOf(response);
    expect(textContent(page)).toContain('Página não encontrada');
    expect(queryAll(page, 'header.site-header')).toHaveLength(1);
    expect(attr(query(page, 'meta[name="robots"]'), 'content')).toBe('noindex');
  });
});

describe('institutional pages', () => {
  it.each([
    ['/sobre', 'Sobre o Casa em Pauta', ['Helena Duarte', 'Foco editorial'], []],
    ['/contato', 'Fale Conosco', ['Instagram'], ['mailto:contato@casaempauta.com.br']],
    ['/politica-de-privacidade', 'Política de Privacidade', ['13.709/2018', '28 de abril de 2025', 'AdSense'], ['/contato']],
    ['/termos', 'Termos de Uso', ['11 de maio de 2025', '8. Cookies'], []],
  ])('%s renders its page', async (path, heading, texts, links) => {
    const response = await fetchPath(path);
    expect(response.status).toBe(200);
    const page = await documentOf(response);
    expect(queryAll(page, 'h1').map(textContent)).toContain(heading);
    for (const text of texts) expect(textContent(page)).toContain(text);
    for (const href of links) expect(queryAll(page, `a[href="${href}"]`)).not.toHaveLength(0);
  });

  it('the privacy policy covers the essential, analytics and advertising cookie types', async () => {
    const html = await textOf(await fetchPath('/politica-de-privacidade'));
    expect(html).toMatch(/Cookies essenciais/);
    expect(html).toMatch(/Cookies de análise/);
    expect(html).toMatch(/Cookies de publicidade/);
  });

  it('the terms have exactly 8 numbered sections', async () => {
    const headings = queryAll(await documentOf(await fetchPath('/termos')), 'h2').map(textContent);
    const sections = headings.flatMap((heading) => /^(\d)\. /.exec(heading)?.[1] ?? []).map(Number);
    expect(sections).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('layout', () => {
  const currentItem = async (path: string) =>
    queryAll(await documentOf(await fetchPath(path)), 'a[aria-current="page"]').map((link) => attr(link, 'href'));

  it('marks Home active only on /', async () => {
    expect(await currentItem('/')).toEqual(['/']);
    expect(await currentItem('/sobre')).toEqual(['/sobre']);
    expect(await currentItem('/noticia/como-decorar-apartamentos-pequenos')).toEqual([]);
  });

  it('has the menu button, the footer notice and the current year', async () => {
    const page = await documentOf(await fetchPath('/contato'));
    const button = query(page, 'button.menu-toggle');
    expect([attr(button, 'type'), attr(button, 'aria-expanded'), attr(button, 'aria-controls')]).toEqual([
      'button',
      'false',
      'menu-principal',
    ]);
    const labels = queryAll(page, 'a').map(textContent);
    for (const label of ['Home', 'Sobre', 'Contato', 'Privacidade', 'Termos de Uso']) expect(labels).toContain(label);
    expect(textContent(page)).toContain('caráter exclusivamente informativo');
    expect(textContent(page)).toContain(`© ${new Date().getFullYear()}`);
  });

  it('links the hashed client files from the Vite manifest', async () => {
    const page = await documentOf(await fetchPath('/'));
    // The stylesheet is inlined while it is small (vite.config.ts); test/worker/caching/caching.test.ts checks its text and hash.
    expect(queryAll(page, 'style')).toHaveLength(1);
    // The bootstrap is named, not linked: the page asks for it after its first paint (shared/inline-scripts.ts).
    expect(attr(query(page, 'body'), 'data-boot')).toMatch(/^\/static\/boot-[\w-]+\.js$/);
    expect(queryAll(page, 'script[src]')).toEqual([]);
  });
});
