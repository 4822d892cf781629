import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearNewsListCache } from '../../src/content/store';
import { bundledNews, fetchPath, textOf } from './helpers';

beforeEach(() => clearNewsListCache());

describe('home', () => {
  it('renders the hero, the hot-news block and a card for every bundled item', async () => {
    const response = await fetchPath('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await textOf(response);
    expect(html).toMatch(/^<!doctype html><html lang="pt-BR">/);
    for (const tag of ['MercadoImobiliário', 'Financiamento', 'Investimentos', 'Decoração', 'Arquitetura', 'Sustentabilidade']) {
      expect(html).toContain(`#${tag}`);
    }
    expect(html).toContain('href="/noticia/como-decorar-apartamentos-pequenos"');
    expect(html).toContain('>Postagens</h2>');
    const items = await bundledNews();
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(html.match(/<article class="card">/g)).toHaveLength(items.length);
    for (const item of items) {
      expect(html).toContain(item.titulo);
      expect(html).toContain(`href="/noticia/${item.slug}"`);
    }
  });

  it('shows each card with thumbnail size and alt, dd/MM/yyyy date, badge and Ler mais', async () => {
    const html = await textOf(await fetchPath('/'));
    const card = html.match(/<article class="card">.*?<\/article>/)![0];
    expect(card).toMatch(
      /<source type="image\/avif" srcSet="\/thumbnails\/[a-z0-9-]+-480w\.avif 480w, [^"]+-800w\.avif 800w, [^"]+-1200w\.avif 1200w" sizes="[^"]+"\/>/,
    );
    expect(card).toMatch(
      /<img class="card-image" src="\/thumbnails\/[a-z0-9-]+-800w\.webp" srcSet="[^"]+-480w\.webp 480w, [^"]+" sizes="[^"]+" alt="[^"]+" width="1200" height="675" loading="lazy"/,
    );
    expect(card).toMatch(/<time dateTime="2025-\d\d-\d\d">\d\d\/\d\d\/2025<\/time>/);
    expect(card).toContain('<span class="badge">Notícia</span>');
    expect(card).toContain('Ler mais');
  });

  it('loads every thumbnail of the home page lazily', async () => {
    const html = await textOf(await fetchPath('/'));
    const loading = [...html.matchAll(/<img class="card-image"[^>]* loading="(\w+)"( fetchPriority="high")?/g)].map(
      (m) => m[1] + (m[2] ? '+high' : ''),
    );
    // The hero and the featured block fill the first screen on a phone and at
    // 1280×800: an eager thumbnail would only compete with the CSS for bandwidth.
    expect(loading.length).toBeGreaterThan(3);
    expect(new Set(loading)).toEqual(new Set(['lazy']));
  });

  it('lists the newest article first', async () => {
    const items = await bundledNews();
    const newest = [...items].sort((a, b) => b.data.localeCompare(a.data))[0]!;
    const html = await textOf(await fetchPath('/'));
    const firstCard = html.match(/<article class="card">.*?<\/article>/)![0];
    expect(firstCard).toContain(newest.titulo);
  });
});

describe('article page', () => {
  const slug = 'como-decorar-apartamentos-pequenos';

  it('renders date, reading time, title, description, author, image with caption and body', async () => {
    const [item] = (await bundledNews()).filter((entry) => entry.slug === slug);
    const response = await fetchPath(`/noticia/${slug}`);
    expect(response.status).toBe(200);
    const html = await textOf(response);
    expect(html).toContain('<time dateTime="2025-04-28">28 de abril de 2025</time>');
    expect(html).toMatch(/\d+ min de leitura/);
    expect(html).toContain(`<h1>${item!.titulo}</h1>`);
    expect(html).toContain(item!.descricao);
    expect(html).toContain('Por Helena Duarte');
    expect(html).toContain('<figcaption>Imagem: Reprodução/Internet</figcaption>');
    // The article image is the likely LCP element: fetched first, never lazily.
    expect(html).toMatch(
      /<figure class="article-figure"><picture><source type="image\/avif" srcSet="[^"]+"[^>]*\/><img src="[^"]+-800w\.webp" srcSet="[^"]+" sizes="[^"]+" alt="[^"]+" width="1200" height="675" loading="eager" fetchPriority="high"/,
    );
    const body = await (await env.ASSETS.fetch(`http://assets/noticias/${slug}.html`)).text();
    expect(html).toContain(`<div class="prose article-body">${body.slice(0, 200)}`);
    // Over 70 characters with the brand: the title alone (it is what search results show).
    expect(item!.titulo.length + ' | Casa em Pauta'.length).toBeGreaterThan(70);
    expect(html).toContain(`<title>${item!.titulo}</title>`);
  });

  it('shows up to 4 related articles, never the current one', async () => {
    const html = await textOf(await fetchPath(`/noticia/${slug}`));
    const related = html.split('id="relacionados"')[1]!;
    const links = [...related.matchAll(/<h3 class="card-title"><a href="\/noticia\/([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(links).toHaveLength(4);
    expect(new Set(links).size).toBe(4);
    expect(links).not.toContain(slug);
  });

  it('answers 404 with the pt-BR page for an unknown slug', async () => {
    const response = await fetchPath('/noticia/esta-noticia-nao-existe');
    expect(response.status).toBe(404);
    const html = await textOf(response);
    expect(html).toContain('Página não encontrada');
    expect(html).toContain('class="site-header"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('institutional pages', () => {
  it.each([
    ['/sobre', 'Sobre o Casa em Pauta', ['Helena Duarte', 'Foco editorial']],
    ['/contato', 'Fale Conosco', ['href="mailto:contato@casaempauta.com.br"', 'Instagram']],
    ['/politica-de-privacidade', 'Política de Privacidade', ['13.709/2018', '28 de abril de 2025', 'href="/contato"', 'AdSense']],
    ['/termos', 'Termos de Uso', ['11 de maio de 2025', '8. Cookies']],
  ])('%s renders its page', async (path, heading, fragments) => {
    const response = await fetchPath(path);
    expect(response.status).toBe(200);
    const html = await textOf(response);
    expect(html).toContain(`<h1>${heading}</h1>`);
    for (const fragment of fragments) expect(html).toContain(fragment);
  });

  it('the privacy policy covers the essential, analytics and advertising cookie types', async () => {
    const html = await textOf(await fetchPath('/politica-de-privacidade'));
    expect(html).toMatch(/Cookies essenciais/);
    expect(html).toMatch(/Cookies de análise/);
    expect(html).toMatch(/Cookies de publicidade/);
  });

  it('the terms have exactly 8 numbered sections', async () => {
    const html = await textOf(await fetchPath('/termos'));
    const sections = [...html.matchAll(/<h2[^>]*>(\d)\. /g)].map((m) => Number(m[1]));
    expect(sections).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('layout', () => {
  const currentItem = (html: string) => [...html.matchAll(/<a href="([^"]+)" aria-current="page">/g)].map((m) => m[1]);

  it('marks Home active only on /', async () => {
    expect(currentItem(await textOf(await fetchPath('/')))).toEqual(['/']);
    expect(currentItem(await textOf(await fetchPath('/sobre')))).toEqual(['/sobre']);
    expect(currentItem(await textOf(await fetchPath('/noticia/como-decorar-apartamentos-pequenos')))).toEqual([]);
  });

  it('has the menu button, the footer notice and the current year', async () => {
    const html = await textOf(await fetchPath('/contato'));
    expect(html).toContain('<button type="button" class="menu-toggle" aria-expanded="false" aria-controls="menu-principal">');
    for (const label of ['Home', 'Sobre', 'Contato', 'Privacidade', 'Termos de Uso']) expect(html).toContain(`>${label}</a>`);
    expect(html).toContain('caráter exclusivamente informativo');
    expect(html).toContain(`© ${new Date().getFullYear()}`);
  });

  it('links the hashed client files from the Vite manifest', async () => {
    const html = await textOf(await fetchPath('/'));
    expect(html).toMatch(/<link rel="stylesheet" href="\/static\/styles-[\w-]+\.css"\/>/);
    expect(html).toMatch(/<script type="module" src="\/static\/boot-[\w-]+\.js"><\/script>/);
  });
});
