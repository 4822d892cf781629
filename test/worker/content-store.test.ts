import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INDEX_META_KEY, shardOf } from '../../src/content/news-index';
import {
  type ContentBindings,
  clearNewsListCache,
  findArticle,
  getNewest,
  getNewsIndex,
  NEWS_LIST_TTL_MS,
  readContent,
} from '../../src/content/store';
import {
  bundledNews,
  clearKv,
  countingKv,
  emptyKv,
  failingKv,
  fetchPath,
  fetchWithEnv,
  indexOf,
  kvMeta,
  newsItem,
  publishList,
  textOf,
} from './helpers';

beforeEach(() => clearNewsListCache());
afterEach(clearKv);
afterEach(() => vi.restoreAllMocks());

/** The newest `count` slugs as the worker reads them now. */
async function newestSlugs(bindings: ContentBindings = env, now = Date.now(), count = 24): Promise<string[]> {
  const index = await getNewsIndex(bindings, now);
  return (await getNewest(bindings, index, 0, count)).map((item) => item.slug);
}

describe('KV over the bundled assets', () => {
  it('uses the bundled list when KV is empty', async () => {
    expect((await getNewsIndex(env)).source).toBe('bundle');
    expect((await newestSlugs()).sort()).toEqual((await bundledNews()).map((i) => i.slug).sort());
  });

  it('KV wins: a list in KV replaces the bundled one', async () => {
    await publishList([newsItem('so-no-kv', { titulo: 'Notícia que só existe no KV' })]);
    await env.NEWS.put('noticias/so-no-kv.html', '<p>Corpo vindo do KV.</p>');
    const home = await textOf(await fetchPath('/'));
    expect(home).toContain('Notícia que só existe no KV');
    expect(home).not.toContain('href="/noticia/fundos-imobiliarios-para-iniciantes"');
    const article = await textOf(await fetchPath('/noticia/so-no-kv'));
    expect(article).toContain('<p>Corpo vindo do KV.</p>');
  });

  it('reads a body from KV before the bundle, and from the bundle when KV lacks it', async () => {
    const [first, second] = await bundledNews();
    await env.NEWS.put(first!.htmlPath, '<p>Versão corrigida.</p>');
    expect(await readContent(env, first!.htmlPath)).toBe('<p>Versão corrigida.</p>');
    expect(await readContent(env, second!.htmlPath)).toMatch(/^<p>/);
    expect(await readContent(env, 'noticias/nao-existe.html')).toBeNull();
  });

  it('while the index is the bundled one, an article page reads nothing from KV but the meta', async () => {
    const keys: string[] = [];
    const counting = countingKv(keys);
    clearNewsListCache();
    const [first] = await bundledNews();
    const response = await fetchWithEnv(`/noticia/${first!.slug}`, { NEWS: counting });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('article-body');
    expect(keys).toEqual([INDEX_META_KEY]);
  });

  it('falls back to the bundle and logs when KV throws', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await fetchWithEnv('/noticia/como-decorar-apartamentos-pequenos', { NEWS: failingKv });
    expect(response.status).toBe(200);
    expect(await textOf(response)).toContain('28 de abril de 2025');
    const events = errors.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(events).toContainEqual(expect.objectContaining({ level: 'error', event: 'kv_read_failed', key: INDEX_META_KEY }));
  });

  it("never fills a gap in the KV index with the bundle's list", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await publishList([newsItem('so-no-kv')]);
    const key = (await kvMeta()).pageKeys[0]!;
    await env.NEWS.delete(key);
    expect(await newestSlugs()).toEqual([]);
    expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)))).toContainEqual(
      expect.objectContaining({ event: 'news_index_chunk_missing', key }),
    );
  });

  it('falls back to the bundle when the index in KV is not valid JSON', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await env.NEWS.put(INDEX_META_KEY, '{ not json');
    clearNewsListCache();
    expect((await getNewsIndex(env)).source).toBe('bundle');
    expect((await newestSlugs()).length).toBe((await bundledNews()).length);
  });

  it('skips invalid entries an index holds, keeping the rest', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await publishList([
      newsItem('valida'),
      newsItem('data-invalida', { data: '2025-02-30' }),
      newsItem('Slug Inválido'),
      { ...newsItem('sem-titulo'), titulo: '' },
    ]);
    expect(await newestSlugs()).toEqual(['valida']);
    expect(warnings).toHaveBeenCalledTimes(3);
    expect((await fetchPath('/noticia/data-invalida')).status).toBe(404);
  });

  it('keeps the index counts per isolate for the named time, then reads KV again', async () => {
    const start = 1_000_000;
    await publishList([newsItem('primeira')]);
    expect(await newestSlugs(env, start)).toEqual(['primeira']);
    await publishList([newsItem('primeira'), newsItem('segunda', { data: '2025-07-01' })]);
    clearNewsListCache();
    expect(await newestSlugs(env, start)).toEqual(['segunda', 'primeira']);
    // Written straight to KV, as a publish from elsewhere would be: this isolate still has the old counts.
    const third = indexOf([
      newsItem('primeira'),
      newsItem('segunda', { data: '2025-07-01' }),
      newsItem('terceira', { data: '2025-08-01' }),
    ]);
    await Promise.all([...third].map(([key, value]) => env.NEWS.put(key, value)));
    // Still the cached counts (2 articles) until the time is up, then all three.
    expect((await newestSlugs(env, start + NEWS_LIST_TTL_MS - 1)).length).toBe(2);
    expect(await newestSlugs(env, start + NEWS_LIST_TTL_MS)).toEqual(['terceira', 'segunda', 'primeira']);
  });

  it('keeps a page of the list as long as the index counts, then reads it again', async () => {
    const start = 1_000_000;
    await publishList([newsItem('primeira')]);
    expect(await newestSlugs(env, start)).toEqual(['primeira']);
    await Promise.all([...indexOf([newsItem('trocada')])].map(([key, value]) => env.NEWS.put(key, value)));
    expect(await newestSlugs(env, start + NEWS_LIST_TTL_MS - 1)).toEqual(['primeira']);
    expect(await newestSlugs(env, start + NEWS_LIST_TTL_MS)).toEqual(['trocada']);
  });

  it('does not keep a page the bundle gave for a failed KV read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await publishList([newsItem('so-no-kv')]);
    let failing = true;
    const flakyKv = {
      get: (key: string, type: 'text') => {
        if (failing && key.startsWith('index/pages/')) throw new Error('KV unavailable');
        return env.NEWS.get(key, type);
      },
    } as unknown as KVNamespace;
    const bindings = { ...env, NEWS: flakyKv };
    expect(await newestSlugs(bindings, 1000)).not.toEqual(['so-no-kv']);
    failing = false;
    expect(await newestSlugs(bindings, 1001)).toEqual(['so-no-kv']);
  });

  it('finds an article in a slug shard written with spaces, by parsing the whole shard', async () => {
    await publishList([newsItem('casa'), newsItem('casa-10')]);
    const key = (await kvMeta()).shardKeys[shardOf('casa')]!;
    await env.NEWS.put(key, JSON.stringify(JSON.parse((await env.NEWS.get(key))!), null, 2));
    const index = await getNewsIndex(env);
    expect((await findArticle(env, index, 'casa'))?.slug).toBe('casa');
    expect(await findArticle(env, index, 'casa-1')).toBeNull();
  });

  it('answers 404 and logs when a listed article has no body anywhere', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await publishList([newsItem('sem-corpo')]);
    const response = await fetchPath('/noticia/sem-corpo');
    expect(response.status).toBe(404);
    expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)).event)).toContain('article_body_missing');
  });

  it('shows an empty state when the list has no items', async () => {
    await publishList([]);
    const html = await textOf(await fetchPath('/'));
    expect(html).toContain('Nenhuma notícia publicada no momento');
  });
});

describe('unexpected errors', () => {
  it('render a pt-BR 500 page, log the cause and never show a stack', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const brokenAssets = {
      fetch: async () => {
        throw new Error('assets exploded at secret.ts:42');
      },
    } as unknown as Fetcher;
    const response = await fetchWithEnv('/', { ASSETS: brokenAssets, NEWS: emptyKv });
    expect(response.status).toBe(500);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await textOf(response);
    expect(html).toContain('Algo deu errado');
    expect(html).not.toContain('secret.ts');
    expect(html).not.toMatch(/at \w+ \(/);
    const event = errors.mock.calls.map(([line]) => JSON.parse(String(line))).find((e) => e.event === 'unhandled_error');
    expect(event).toMatchObject({ level: 'error', path: '/', message: 'assets exploded at secret.ts:42' });
  });

  it('a misconfigured SITE_URL answers 500 with the plain error page and names the variable in the log', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await fetchWithEnv('/sobre', { SITE_URL: 'not a url' });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('Algo deu errado');
    expect(errors.mock.calls.join('\n')).toContain('SITE_URL');
  });
});

describe('images published to KV', () => {
  afterEach(clearKv);

  it('are served with their content type and cached immutably', async () => {
    const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3]);
    await env.NEWS.put('thumbnails/nova-abc123.webp', bytes);
    const response = await fetchPath('/thumbnails/nova-abc123.webp');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it.each([
    ['/thumbnails/nao-existe.webp', 404],
    ['/thumbnails/arquivo.svg', 404],
    ['/thumbnails/..%2Fnews.json', 400],
  ])('%s answers %i', async (path, status) => {
    expect((await fetchPath(path)).status).toBe(status);
  });

  it('the list TTL can be shortened by a var, so a publish shows at once', async () => {
    await publishList([newsItem('primeira')]);
    const zeroTtl = { ...env, NEWS_LIST_TTL_SECONDS: '0' };
    expect(await newestSlugs(zeroTtl, 1000)).toEqual(['primeira']);
    await publishList([newsItem('segunda')]);
    await env.NEWS.delete('index/slugs/0.json');
    expect(await newestSlugs(zeroTtl, 1000)).toEqual(['segunda']);
  });
});

describe('an article read again while its index is kept', () => {
  const SLUG = 'lida-de-novo';
  const BODY_KEY = `noticias/${SLUG}.html`;
  const timesRead = (keys: string[], key: string) => keys.filter((read) => read === key).length;

  it('reads its shard and its body once; a new index reads them again', async () => {
    await publishList([newsItem(SLUG)]);
    await env.NEWS.put(BODY_KEY, '<p>Corpo guardado.</p>');
    const shard = (await kvMeta()).shardKeys[shardOf(SLUG)]!;
    const keys: string[] = [];
    const NEWS = countingKv(keys);
    for (let i = 0; i < 3; i++) {
      const response = await fetchWithEnv(`/noticia/${SLUG}`, { NEWS });
      expect(await textOf(response)).toContain('<p>Corpo guardado.</p>');
    }
    expect([timesRead(keys, shard), timesRead(keys, BODY_KEY)]).toEqual([1, 1]);

    clearNewsListCache();
    await (await fetchWithEnv(`/noticia/${SLUG}`, { NEWS })).arrayBuffer();
    expect([timesRead(keys, shard), timesRead(keys, BODY_KEY)]).toEqual([2, 2]);
  });

  it('keeps no body the bundle gave for a failed KV read, and no missing one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const [bundled] = await bundledNews();
    await publishList([newsItem(bundled!.slug, { htmlPath: bundled!.htmlPath }), newsItem('sem-corpo')]);
    const keys: string[] = [];
    const NEWS = {
      get: (key: string, type: 'text') => {
        keys.push(key);
        if (key === bundled!.htmlPath) return Promise.reject(new Error('KV unavailable'));
        return env.NEWS.get(key, type);
      },
    } as unknown as KVNamespace;
    for (let i = 0; i < 2; i++) {
      expect((await fetchWithEnv(`/noticia/${bundled!.slug}`, { NEWS })).status).toBe(200);
      expect((await fetchWithEnv('/noticia/sem-corpo', { NEWS })).status).toBe(404);
    }
    expect([timesRead(keys, bundled!.htmlPath), timesRead(keys, 'noticias/sem-corpo.html')]).toEqual([2, 2]);
  });
});
