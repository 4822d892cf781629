import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { contentHash } from '#src/content/index/content-hash.ts';
import { buildIndex } from '#src/content/index/index-build.ts';
import { INDEX_META_KEY, type IndexMetaFile } from '#src/content/index/news-index.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import { bundledNews, clearKv, fetchPath, indexOf, newsItem, putIndex, textOf } from '../helpers';

/**
 * A stored index is data the worker did not write: whatever it holds (the
 * same article twice, markup in a slug, counts that do not add up, chunks
 * that are gone), every page answers 200 or 404 with a clean page, at once.
 */
let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(clearKv);
afterEach(() => vi.restoreAllMocks());

const X = newsItem('artigo-x', { titulo: 'Artigo X repetido no índice', data: '2025-06-01' });

/** The index files of a list, with the meta's fields and some chunks replaced (each under its real content hash, as a publish would name it). */
function tampered(items: NewsItem[], change: (meta: IndexMetaFile, put: (value: unknown) => string) => void): Map<string, string> {
  const files = buildIndex(items, contentHash);
  const meta = JSON.parse(files.get(INDEX_META_KEY)!) as IndexMetaFile;
  // Writes a chunk under a key of its hash, as a publish would, and gives the hash.
  const put = (value: unknown) => {
    const text = JSON.stringify(value);
    const digest = contentHash(text);
    files.set(`pending:${digest}`, text);
    return digest;
  };
  change(meta, put);
  const result = new Map<string, string>();
  for (const [key, value] of files) {
    if (!key.startsWith('pending:')) result.set(key, value);
  }
  // Chunks written through `put` land at every key kind that names their hash.
  const named = (kind: string, hashes: (string | null)[]) =>
    hashes.forEach((digest, n) => {
      const text = digest && files.get(`pending:${digest}`);
      if (text) result.set(`index/${kind}/${n}.${digest}.json`, text);
    });
  named('pages', meta.pages);
  named('sitemaps', meta.sitemaps);
  named('list', meta.lists);
  named('slugs', meta.shards);
  result.set(INDEX_META_KEY, JSON.stringify(meta));
  return result;
}

/** Status and HTML of a page, failing the test if it takes more than a second (a loop over bad data would). */
async function page(path: string) {
  const started = Date.now();
  const response = await fetchPath(path);
  const html = await textOf(response);
  expect(Date.now() - started, `${path} took too long`).toBeLessThan(1_000);
  return { status: response.status, html };
}

const cardLinks = (html: string, slug: string) => html.split(`<h3 class="card-title"><a href="/noticia/${slug}"`).length - 1;

describe('the same article twice in a page chunk', () => {
  beforeEach(async () => {
    await putIndex(
      await tampered([X], (meta, put) => {
        meta.count = 2;
        meta.pages = [put([X, X])];
      }),
    );
    await env.NEWS.put(X.htmlPath, `<p>${'palavra '.repeat(100)}</p>`);
  });

  it('/noticia/X answers at once, without itself among the related articles', async () => {
    const { status, html } = await page(`/noticia/${X.slug}`);
    expect(status).toBe(200);
    expect(html).toContain(`<h1>${X.titulo}</h1>`);
    expect(html.split('id="relacionados"')[1] ?? '').not.toContain(`/noticia/${X.slug}"`);
  });

  it('the home page and the feed show it once', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(cardLinks(home.html, X.slug)).toBe(1);
    const feed = await page('/feed.xml');
    expect(feed.status).toBe(200);
    expect(feed.html.split(`<link>http://localhost:8787/noticia/${X.slug}</link>`)).toHaveLength(2);
  });
});

describe('a corrupt sitemap chunk', () => {
  it('never reaches /sitemap.xml: markup, paths and bad dates are dropped, each slug once', async () => {
    const Y = newsItem('artigo-y', { data: '2025-06-02' });
    await putIndex(
      await tampered([X, Y], (meta, put) => {
        meta.sitemaps = [
          put([
            [X.slug, X.data],
            ['<evil>', '2025-01-01'],
            ['../../a', '2025-01-01'],
            [Y.slug, '<evil>2025</evil>'],
            'solto',
            [X.slug, X.data],
            [Y.slug, Y.data, 'extra'],
          ]),
        ];
      }),
    );
    const { status, html } = await page('/sitemap.xml');
    expect(status).toBe(200);
    expect(html).not.toMatch(/evil|\.\.\/|solto/);
    expect(html.split(`/noticia/${X.slug}<`)).toHaveLength(2);
    expect(html).not.toContain(`/noticia/${Y.slug}<`);
    // The article, and the home, institutional, the three tools' and (the site editor's) author pages.
    expect(html.match(/<url>/g)).toHaveLength(1 + 5 + 3 + 1);
  });
});

describe('a meta whose counts do not add up', () => {
  const cases: [string, (meta: IndexMetaFile, put: (value: unknown) => string) => void][] = [
    [
      'a negative count',
      (meta) => {
        meta.count = -24;
      },
    ],
    [
      'a huge count',
      (meta) => {
        meta.count = 1e12;
      },
    ],
    [
      'a count that is not an integer',
      (meta) => {
        meta.count = 1.5;
      },
    ],
    [
      'more page chunks than it names',
      (meta) => {
        meta.count = 24 * 5;
      },
    ],
    [
      'more chunks named than the count needs',
      (meta, put) => {
        meta.pages.push(put([X]));
      },
    ],
    [
      'a hash that is not one',
      (meta) => {
        meta.pages = ['../../meta'];
      },
    ],
    [
      'a shard list of the wrong length',
      (meta) => {
        meta.shards = meta.shards.slice(1);
      },
    ],
    [
      'an unknown version',
      (meta) => {
        (meta as { version: number }).version = 3;
      },
    ],
  ];

  it.each(cases)('with %s, the site answers 503 (logged), never the bundled list', async (_, change) => {
    await putIndex(await tampered([X], change));
    const bundled = await bundledNews();
    for (const path of ['/', '/sitemap.xml', '/feed.xml', `/noticia/${X.slug}`]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(503);
      for (const item of bundled) expect(html, `${path}: ${item.slug}`).not.toContain(`/noticia/${item.slug}`);
    }
    expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)).event)).toContain('news_index_invalid');
  });
});

describe('a meta naming chunks that are not in KV', () => {
  it('every page answers 200 or 404, empty, and logs the missing keys', async () => {
    const files = await indexOf([X]);
    await env.NEWS.put(INDEX_META_KEY, files.get(INDEX_META_KEY)!);
    await env.NEWS.put(X.htmlPath, '<p>corpo</p>');
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.html).toContain('Nenhuma notícia publicada no momento');
    expect((await page(`/noticia/${X.slug}`)).status).toBe(404);
    expect((await page('/pagina/2')).status).toBe(404);
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    // The home, institutional and the three tools' pages, and the author page the meta names.
    expect(sitemap.html.match(/<url>/g)).toHaveLength(1 + 4 + 3 + 1);
    expect((await page('/feed.xml')).status).toBe(200);
    expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)).event)).toContain('news_index_chunk_missing');
  });
});

describe('hostile page chunk entries', () => {
  it("a chunk longer than a page, an entry naming another article's body, and a non-list chunk are contained", async () => {
    const others = Array.from({ length: 30 }, (_, i) => newsItem(`outro-${i}`));
    const thief = newsItem('ladrao', { htmlPath: X.htmlPath });
    await putIndex(
      await tampered([X], (meta, put) => {
        meta.count = 24;
        meta.pages = [put([thief, X, ...others])];
      }),
    );
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.html.match(/<h3 class="card-title">/g)).toHaveLength(23);
    expect(cardLinks(home.html, 'ladrao')).toBe(0);
    expect(home.html).not.toContain('outro-23');

    await putIndex(
      await tampered([X], (meta, put) => {
        meta.pages = [put({ [X.slug]: X })];
      }),
    );
    expect((await page('/')).status).toBe(200);
    expect((await page('/feed.xml')).status).toBe(200);
  });
});
