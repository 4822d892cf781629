import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { updatedIso } from '#src/content/schema/updated.ts';
import { bundledNews, clearKv, fetchPath, newsItem, publishList, textOf } from '../helpers';

afterEach(clearKv);

const ORIGIN = 'http://localhost:8787';

function headOf(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

function jsonLdOf(html: string): { '@graph': Record<string, unknown>[] } {
  const match = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!);
}

describe('every page', () => {
  const pages = ['/', '/noticia/como-decorar-apartamentos-pequenos', '/sobre', '/contato', '/politica-de-privacidade', '/termos'];

  it('has a unique title and description', async () => {
    const heads = await Promise.all(pages.map(async (path) => headOf(await textOf(await fetchPath(path)))));
    const titles = heads.map((head) => head.match(/<title>(.*?)<\/title>/)![1]);
    const descriptions = heads.map((head) => head.match(/<meta name="description" content="(.*?)"/)![1]);
    expect(new Set(titles).size).toBe(pages.length);
    expect(new Set(descriptions).size).toBe(pages.length);
  });

  it.each(pages)('%s has canonical, Open Graph and Twitter tags with absolute URLs, and links the feed', async (path) => {
    const head = headOf(await textOf(await fetchPath(path)));
    expect(head).toContain(`<link rel="canonical" href="${ORIGIN}${path}"/>`);
    expect(head).toContain(`<meta property="og:url" content="${ORIGIN}${path}"/>`);
    expect(head).toMatch(new RegExp(`<meta property="og:image" content="${ORIGIN}/[^"]+\\.(png|webp)"/>`));
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(head).toMatch(/<meta name="twitter:image" content="http:\/\/localhost:8787\/[^"]+"\/>/);
    expect(head).toContain('<link rel="alternate" type="application/rss+xml" title="Casa em Pauta: últimas notícias" href="/feed.xml"/>');
    // The manifest is linked by the boot script, after the largest paint; the icon needs no request.
    expect(head).not.toContain('rel="manifest"');
    expect(head).toMatch(/<link rel="icon" href="data:image\/svg\+xml,%3Csvg xmlns=%27http:[^"&]+%3C\/svg%3E" type="image\/svg\+xml"\/>/);
    expect(head).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
  });
});

describe('link previews', () => {
  it("describe an article's image with its alt text, and no other page's", async () => {
    const article = await fetchPath('/noticia/como-decorar-apartamentos-pequenos');
    const alt = (await textOf(article)).match(/<meta property="og:image:alt" content="([^"]*)"/)?.[1];
    expect(alt).toMatch(/.{10,}/);
    expect(await textOf(await fetchPath('/sobre'))).not.toContain('og:image:alt');
  });
});

describe('share title and description', () => {
  const metas = (html: string, name: string) =>
    [...headOf(html).matchAll(new RegExp(`<meta (?:property|name)="(?:og|twitter):${name}" content="([^"]*)"/>`, 'g'))].map((m) => m[1]);

  it('an article that gives its own are what og: and twitter: say; its <title> and description stay its own', async () => {
    await publishList([
      newsItem('com-titulo-social', {
        titulo: 'Um título longo para a página e para os resultados de busca do site',
        tituloSocial: 'A casa "verde": título curto para o WhatsApp',
        descricaoSocial: 'Uma descrição escrita para quem recebe o link numa conversa',
      }),
    ]);
    await env.NEWS.put('noticias/com-titulo-social.html', '<p>corpo</p>');
    // As sent, entities and all: a quote in the share title must not end the attribute.
    const html = await (await fetchPath('/noticia/com-titulo-social')).text();
    const shared = 'A casa &quot;verde&quot;: título curto para o WhatsApp';
    expect(metas(html, 'title')).toEqual([shared, shared]);
    expect(metas(html, 'description')).toEqual([
      'Uma descrição escrita para quem recebe o link numa conversa',
      'Uma descrição escrita para quem recebe o link numa conversa',
    ]);
    expect(headOf(html)).toContain('<title>Um título longo para a página e para os resultados de busca do site</title>');
    expect(headOf(html)).not.toMatch(/<meta name="description" content="Uma descrição escrita/);
  });

  it('an article without them, or with ones the schema refuses, shares its title and summary', async () => {
    // Too short a title, and a number where a text goes: left out as the entry is read, as any bad optional field.
    await publishList([newsItem('sem-titulo-social', { tituloSocial: 'curto', descricaoSocial: 42 as unknown as string })]);
    await env.NEWS.put('noticias/sem-titulo-social.html', '<p>corpo</p>');
    const html = await textOf(await fetchPath('/noticia/sem-titulo-social'));
    expect(metas(html, 'title')).toEqual(['Título de sem-titulo-social', 'Título de sem-titulo-social']);
    expect(metas(html, 'description')).toEqual(['Descrição de sem-titulo-social', 'Descrição de sem-titulo-social']);
  });
});

/** Width and height from a WebP file's header (lossy VP8, lossless VP8L or extended VP8X). */
function webpSize(bytes: Uint8Array): { width: number; height: number } {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  expect(ascii(0, 4) + ascii(8, 12)).toBe('RIFFWEBP');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const uint24 = (at: number) => view.getUint16(at, true) | (bytes[at + 2]! << 16);
  switch (ascii(12, 16)) {
    case 'VP8 ':
      return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    case 'VP8L': {
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case 'VP8X':
      return { width: uint24(24) + 1, height: uint24(27) + 1 };
    default:
      throw new Error(`not a WebP chunk: ${ascii(12, 16)}`);
  }
}

describe('Google Discover and link previews of an article', () => {
  const path = '/noticia/como-decorar-apartamentos-pequenos';

  it('lets search engines show its image large; pages kept out of the index stay noindex alone', async () => {
    const head = headOf(await textOf(await fetchPath(path)));
    expect(head).toContain('<meta name="robots" content="max-image-preview:large"/>');
    expect(head).not.toContain('noindex');
    const missing = headOf(await textOf(await fetchPath('/noticia/nao-existe')));
    expect(missing.match(/<meta name="robots"[^>]*>/g)).toEqual(['<meta name="robots" content="noindex"/>']);
  });

  /** og:image's address, the size its tags state, and what twitter:image and the JSON-LD name. */
  function imagesOf(html: string) {
    const og = (property: string) => headOf(html).match(new RegExp(`<meta property="og:${property}" content="([^"]*)"/>`))?.[1];
    const twitter = headOf(html).match(/<meta name="twitter:image" content="([^"]*)"\/>/)?.[1];
    const [article] = jsonLdOf(html)['@graph'];
    return {
      url: og('image')!,
      stated: { width: Number(og('image:width')), height: Number(og('image:height')) },
      twitter,
      jsonLd: article!.image,
    };
  }

  const sizeOf = async (url: string) => {
    const file = await env.ASSETS.fetch(url);
    expect(file.status).toBe(200);
    return webpSize(new Uint8Array(await file.arrayBuffer()));
  };

  it('og:image and twitter:image name the 1200×630 share image, the JSON-LD the 16:9 1200 px one, each at its true size', async () => {
    const { url, stated, twitter, jsonLd } = imagesOf(await textOf(await fetchPath(path)));
    expect(url).toMatch(/\/thumbnails\/como-decorar-apartamentos-pequenos-[0-9a-f]{10}-1200x630\.webp$/);
    expect(stated).toEqual({ width: 1200, height: 630 });
    expect(twitter).toBe(url);
    expect(await sizeOf(url)).toEqual(stated);
    const sixteenByNine = url.replace('-1200x630.webp', '-1200w.webp');
    expect(jsonLd).toEqual([{ '@type': 'ImageObject', url: sixteenByNine, width: '1200', height: '675' }]);
    expect(await sizeOf(sixteenByNine)).toEqual({ width: 1200, height: 675 });
  });

  it('an entry published before share images (no imagemSocial) keeps the 1200×675 image in its tags', async () => {
    await publishList([newsItem('sem-imagem-social')]);
    await env.NEWS.put('noticias/sem-imagem-social.html', '<p>corpo</p>');
    const { url, stated, twitter } = imagesOf(await textOf(await fetchPath('/noticia/sem-imagem-social')));
    expect(url).toBe(`${ORIGIN}/thumbnails/como-decorar-apartamentos-pequenos-1200w.webp`);
    expect(stated).toEqual({ width: 1200, height: 675 });
    expect(twitter).toBe(url);
  });

  it('an entry published from KV with one names its share image, which the image route serves', async () => {
    await publishList([newsItem('com-imagem-social', { imagemAtual: 'casa-kv-0123456789.webp', imagemSocial: true })]);
    await env.NEWS.put('noticias/com-imagem-social.html', '<p>corpo</p>');
    const share = new Uint8Array([1, 2, 3]);
    await env.NEWS.put('thumbnails/casa-kv-0123456789-1200x630.webp', share);
    const { url, stated } = imagesOf(await textOf(await fetchPath('/noticia/com-imagem-social')));
    expect(url).toBe(`${ORIGIN}/thumbnails/casa-kv-0123456789-1200x630.webp`);
    expect(stated).toEqual({ width: 1200, height: 630 });
    const served = await fetchPath('/thumbnails/casa-kv-0123456789-1200x630.webp');
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/webp');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(share);
  });
});

describe('document title', () => {
  it('is "Page | Brand" when that fits in 70 characters', async () => {
    expect(await textOf(await fetchPath('/sobre'))).toContain('<title>Sobre | Casa em Pauta</title>');
  });

  it('names the site and its subject on the home page', async () => {
    expect(await textOf(await fetchPath('/'))).toContain('<title>Casa em Pauta: notícias de imóveis, decoração e arquitetura</title>');
  });
});

describe('structured data', () => {
  it('the home page has Organization and WebSite', async () => {
    const graph = jsonLdOf(await textOf(await fetchPath('/')))['@graph'];
    expect(graph.map((node) => node['@type'])).toEqual(['NewsMediaOrganization', 'WebSite']);
    expect(graph[0]).toMatchObject({ name: 'Casa em Pauta', url: `${ORIGIN}/`, logo: { url: `${ORIGIN}/icon-512.png` } });
  });

  it('an article has NewsArticle and BreadcrumbList', async () => {
    const [item] = (await bundledNews()).filter((entry) => entry.slug === 'como-decorar-apartamentos-pequenos');
    const html = await textOf(await fetchPath(`/noticia/${item!.slug}`));
    const [article, breadcrumbs] = jsonLdOf(html)['@graph'];
    expect(article).toMatchObject({
      '@type': 'NewsArticle',
      headline: item!.titulo,
      description: item!.descricao,
      image: [
        {
          '@type': 'ImageObject',
          url: `${ORIGIN}/thumbnails/${item!.imagemAtual.replace('.webp', '-1200w.webp')}`,
          width: '1200',
          height: '675',
        },
      ],
      datePublished: '2025-04-28',
      author: { '@type': 'Person', name: 'Helena Duarte' },
      publisher: { '@type': 'NewsMediaOrganization', name: 'Casa em Pauta', logo: { url: `${ORIGIN}/icon-512.png` } },
    });
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, item: `${ORIGIN}/` },
        { position: 2, name: item!.titulo, item: `${ORIGIN}/noticia/${item!.slug}` },
      ],
    });
    expect(headOf(html)).toContain('<meta property="article:published_time" content="2025-04-28"/>');
  });

  it('cannot be broken out of by a title with markup', async () => {
    await publishList([newsItem('titulo-perigoso', { titulo: 'Fim </script><script>alert(1)</script>' })]);
    await env.NEWS.put('noticias/titulo-perigoso.html', '<p>corpo</p>');
    const html = await (await fetchPath('/noticia/titulo-perigoso')).text();
    expect(html).not.toContain('</script><script>alert(1)');
    expect(jsonLdOf(html)['@graph'][0]!.headline).toBe('Fim </script><script>alert(1)</script>');
  });
});

describe('sitemap, robots and feed', () => {
  it('/robots.txt allows crawling and names the sitemap and the news sitemap', async () => {
    const response = await fetchPath('/robots.txt');
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\nSitemap: ${ORIGIN}/sitemap-news.xml\n`);
  });

  it('/sitemap.xml lists every page and article with lastmod', async () => {
    const response = await fetchPath('/sitemap.xml');
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const items = await bundledNews();
    for (const item of items) {
      const lastmod = item.atualizado === undefined ? item.data : updatedIso(item.atualizado);
      expect(xml).toContain(`<url><loc>${ORIGIN}/noticia/${item.slug}</loc><lastmod>${lastmod}</lastmod></url>`);
    }
    const pages = [
      '/',
      '/sobre',
      '/contato',
      '/politica-de-privacidade',
      '/termos',
      '/alugar-ou-comprar',
      '/custos-da-compra',
      '/simulador-de-financiamento',
    ];
    for (const path of pages) {
      expect(xml).toContain(`<loc>${ORIGIN}${path}</loc>`);
    }
    // The author and theme pages: test/worker/pages/collections.test.ts.
    const lists = xml.match(/<loc>[^<]*\/(?:autor|tema)\//g) ?? [];
    expect(lists.length).toBeGreaterThan(0);
    expect(xml.match(/<url>/g)).toHaveLength(items.length + pages.length + lists.length);
  });

  it('/feed.xml is RSS 2.0 of the latest articles, newest first', async () => {
    const response = await fetchPath('/feed.xml');
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">');
    expect(xml).toContain(`<atom:link href="${ORIGIN}/feed.xml" rel="self" type="application/rss+xml"/>`);
    const newest = [...(await bundledNews())].sort((a, b) => b.data.localeCompare(a.data))[0]!;
    const firstItem = xml.match(/<item>.*?<\/item>/)![0];
    expect(firstItem).toContain(`<link>${ORIGIN}/noticia/${newest.slug}</link>`);
    expect(firstItem).toContain('<pubDate>Tue, 02 Dec 2025 12:00:00 GMT</pubDate>');
  });

  it('a published article appears in the sitemap and the feed, escaped', async () => {
    await publishList([newsItem('nova-publicacao', { titulo: 'Casa & jardim <novo>', data: '2025-12-20' })]);
    const [sitemap, feed] = await Promise.all([fetchPath('/sitemap.xml'), fetchPath('/feed.xml')]);
    expect(await sitemap.text()).toContain(`<loc>${ORIGIN}/noticia/nova-publicacao</loc><lastmod>2025-12-20</lastmod>`);
    expect(await feed.text()).toContain('<title>Casa &#38; jardim &#60;novo&#62;</title>');
  });
});

describe('instant navigation', () => {
  it('every page carries speculation rules that prerender articles', async () => {
    const html = await textOf(await fetchPath('/sobre'));
    const rules = JSON.parse(html.match(/<script type="speculationrules">(.*?)<\/script>/)![1]!);
    expect(rules.prerender[0]).toEqual({ where: { href_matches: '/noticia/*' }, eagerness: 'moderate' });
    expect(rules.prefetch[0].eagerness).toBe('moderate');
  });
});
