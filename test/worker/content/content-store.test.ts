import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Content } from '#src/content/content.ts';
import { contentHash } from '#src/content/index/content-hash.ts';
import { forgetLiveIndex, NEWS_LIST_TTL_MS } from '#src/content/index/live-index.ts';
import { INDEX_META_KEY, type IndexMetaFile, PUBLISHED_MARKER_KEY, shardOf, slugShardKey } from '#src/content/index/news-index.ts';
import type { ContentBindings } from '#src/content/index/sources.ts';
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
  publishWithBodies,
  putIndex,
  textOf,
} from '../helpers';

beforeEach(() => forgetLiveIndex());
afterEach(clearKv);
afterEach(() => vi.restoreAllMocks());

/** The newest `count` slugs as the worker reads them at `now`. */
async function newestSlugs(bindings: ContentBindings = env, now = Date.now(), count = 24): Promise<string[]> {
  return (await new Content(bindings, now).newest(0, count)).map((item) => item.slug);
}

const events = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map(([line]) => JSON.parse(String(line)));

/** A KV whose reads of some keys throw, the others answered by the local store. */
function kvFailingOn(fails: (key: string) => boolean): KVNamespace {
  return {
    get: (key: string, type: 'text') => (fails(key) ? Promise.reject(new Error('KV unavailable')) : env.NEWS.get(key, type)),
  } as unknown as KVNamespace;
}

describe('one source at a time: KV once published to, the bundle only before', () => {
  it('uses the bundled list while nothing was ever published to KV', async () => {
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

  it("reads bodies from the index's own source only: a bundled body never fills a KV article", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const [bundled] = await bundledNews();
    await publishList([newsItem(bundled!.slug, { htmlPath: bundled!.htmlPath })]);
    // The body is in the bundle, not in KV: a KV article without its body is lost content (404, logged).
    expect((await fetchPath(`/noticia/${bundled!.slug}`)).status).toBe(404);
  });

  it('while the index is the bundled one, an article page reads nothing from KV but the meta and the marker', async () => {
    const keys: string[] = [];
    const [first] = await bundledNews();
    const response = await fetchWithEnv(`/noticia/${first!.slug}`, { NEWS: countingKv(keys) });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('article-body');
    expect(keys).toEqual([INDEX_META_KEY, PUBLISHED_MARKER_KEY]);
  });

  it('with KV failing and no index read yet, answers a pt-BR 503 (no-store, logged), never the samples', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await fetchWithEnv('/noticia/como-decorar-apartamentos-pequenos', { NEWS: failingKv });
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await textOf(response);
    expect(html).toContain('Conteúdo indisponível');
    expect(html).not.toContain('28 de abril de 2025');
    expect(events(errors)).toContainEqual(expect.objectContaining({ level: 'error', event: 'kv_read_failed', key: INDEX_META_KEY }));
    expect(events(errors)).toContainEqual(expect.objectContaining({ event: 'content_unavailable', key: INDEX_META_KEY }));
  });

  it('serves the last good index while KV fails, and reads KV again at the next request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await publishList([newsItem('publicada')]);
    const start = 1_000_000;
    expect(await newestSlugs(env, start)).toEqual(['publicada']);
    const later = start + NEWS_LIST_TTL_MS;
    expect(await newestSlugs({ ...env, NEWS: failingKv }, later)).toEqual(['publicada']);
    expect(events(warnings)).toContainEqual(expect.objectContaining({ event: 'news_index_stale_served', key: INDEX_META_KEY }));
    // The failure was not kept: KV answers again, with a newer list, and it shows at once.
    await publishList([newsItem('publicada'), newsItem('nova', { data: '2025-07-01' })]);
    expect(await newestSlugs(env, later + 1)).toEqual(['nova', 'publicada']);
  });

  it.each([
    ['holds a meta that is not JSON', async () => env.NEWS.put(INDEX_META_KEY, '{ not json')],
    ['holds a meta of another shape', async () => env.NEWS.put(INDEX_META_KEY, JSON.stringify({ version: 2, count: -1 }))],
    ['lost its meta', async () => env.NEWS.delete(INDEX_META_KEY)],
  ])('after a publish, a KV that %s never shows the samples: 503 (logged)', async (_, damage) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await publishList([newsItem('publicada')]);
    await damage();
    forgetLiveIndex(); // a fresh isolate: no good index to stand in
    const samples = (await bundledNews()).map((item) => item.slug);
    for (const path of ['/', '/feed.xml', '/sitemap.xml', '/sitemap-news.xml', '/tema/decoracao', `/noticia/${samples[0]}`]) {
      const response = await fetchPath(path);
      expect(response.status, path).toBe(503);
      const text = await response.text();
      for (const slug of samples) expect(text, `${path} names ${slug}`).not.toContain(slug);
    }
    expect(events(errors).map((event) => event.event)).toContain(
      damage.toString().includes('delete') ? 'news_index_missing' : 'news_index_invalid',
    );
  });

  it("never fills a gap in the KV index with the bundle's list", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await publishList([newsItem('so-no-kv')]);
    const key = (await kvMeta()).pageKeys[0]!;
    await env.NEWS.delete(key);
    expect(await newestSlugs()).toEqual([]);
    expect(events(errors)).toContainEqual(expect.objectContaining({ event: 'news_index_chunk_missing', key }));
  });

  it('a page whose chunk read fails is a 503, and the failure is not kept', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await publishList([newsItem('so-no-kv')]);
    let failing = true;
    const NEWS = kvFailingOn((key) => failing && key.startsWith('index/pages/'));
    expect((await fetchWithEnv('/', { NEWS })).status).toBe(503);
    failing = false;
    expect(await textOf(await fetchWithEnv('/', { NEWS }))).toContain('href="/noticia/so-no-kv"');
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

  it('keeps the index per isolate for the named time, then reads KV again', async () => {
    const start = 1_000_000;
    await publishList([newsItem('primeira')]);
    expect(await newestSlugs(env, start)).toEqual(['primeira']);
    await publishList([newsItem('primeira'), newsItem('segunda', { data: '2025-07-01' })]);
    forgetLiveIndex();
    expect(await newestSlugs(env, start)).toEqual(['segunda', 'primeira']);
    // Written straight to KV, as a publish from elsewhere would be: this isolate still has the old index.
    const third = await indexOf([
      newsItem('primeira'),
      newsItem('segunda', { data: '2025-07-01' }),
      newsItem('terceira', { data: '2025-08-01' }),
    ]);
    await Promise.all([...third].map(([key, value]) => env.NEWS.put(key, value)));
    expect((await newestSlugs(env, start + NEWS_LIST_TTL_MS - 1)).length).toBe(2);
    expect(await newestSlugs(env, start + NEWS_LIST_TTL_MS)).toEqual(['terceira', 'segunda', 'primeira']);
  });

  it('finds an article in a slug shard written with spaces, by parsing the whole shard', async () => {
    // Named by its own hash, as a publish that wrote it this way would name it.
    const files = await indexOf([newsItem('casa'), newsItem('casa-10')]);
    const meta = JSON.parse(files.get(INDEX_META_KEY)!) as IndexMetaFile;
    const shard = shardOf('casa');
    const spaced = JSON.stringify(JSON.parse(files.get(slugShardKey(shard, meta.shards[shard]!))!), null, 2);
    meta.shards[shard] = contentHash(spaced);
    files.set(slugShardKey(shard, meta.shards[shard]), spaced);
    files.set(INDEX_META_KEY, JSON.stringify(meta));
    await putIndex(files);
    const content = new Content(env, Date.now());
    expect((await content.article('casa'))?.slug).toBe('casa');
    expect(await content.article('casa-1')).toBeNull();
  });

  it('answers 404 and logs when a listed article has no body', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await publishList([newsItem('sem-corpo')]);
    const response = await fetchPath('/noticia/sem-corpo');
    expect(response.status).toBe(404);
    expect(events(errors).map((event) => event.event)).toContain('article_body_missing');
  });

  it('shows an empty state when the list has no items', async () => {
    await publishList([]);
    const html = await textOf(await fetchPath('/'));
    expect(html).toContain('Nenhuma notícia publicada no momento');
  });
});

describe("D1's publish state: the word on whether KV was ever published, when KV has lost both its markers", () => {
  /** Records a publish in D1 as the editors' commands do at each switch (migrations/0003_publish_state.sql). */
  const recordVersion = (version: number) => env.DB.prepare('UPDATE publish_state SET version = ? WHERE id = 1').bind(version).run();
  afterEach(() => recordVersion(0));

  /** A publish, then KV's meta and published marker lost: the worker once served the samples here. */
  async function publishThenLoseMarkers(): Promise<void> {
    await publishWithBodies(newsItem('publicada', { titulo: 'Notícia publicada de verdade' }));
    await recordVersion(7);
    await env.NEWS.delete(INDEX_META_KEY);
    await env.NEWS.delete(PUBLISHED_MARKER_KEY);
    forgetLiveIndex(); // a fresh isolate: no good index to stand in
  }

  /** A D1 binding whose statements fail with this message. */
  const failingD1 = (message: string) =>
    ({ prepare: () => ({ first: () => Promise.reject(new Error(message)) }) }) as unknown as D1Database;

  it('with a version on record, never the samples: a pt-BR 503, not cached', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await publishThenLoseMarkers();
    const samples = await bundledNews();
    for (const path of ['/', '/feed.xml', '/sitemap.xml', '/noticia/publicada', `/noticia/${samples[0]!.slug}`]) {
      const response = await fetchPath(path);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      const text = await textOf(response);
      for (const item of samples) expect(text, `${path} names ${item.slug}`).not.toContain(`/noticia/${item.slug}"`);
    }
    expect(await textOf(await fetchPath('/'))).toContain('Conteúdo indisponível');
    expect(events(errors)).toContainEqual(expect.objectContaining({ event: 'news_index_missing', key: INDEX_META_KEY }));
  });

  it('with a version on record, the last good index this isolate read keeps serving', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const start = 1_000_000;
    await publishWithBodies(newsItem('publicada'));
    expect(await newestSlugs(env, start)).toEqual(['publicada']);
    await recordVersion(7);
    await env.NEWS.delete(INDEX_META_KEY);
    await env.NEWS.delete(PUBLISHED_MARKER_KEY);
    expect(await newestSlugs(env, start + NEWS_LIST_TTL_MS)).toEqual(['publicada']);
  });

  it('a fresh deployment (version 0, or a database not migrated yet) serves the samples, as before', async () => {
    const samples = (await bundledNews()).map((item) => item.slug).sort();
    await recordVersion(0);
    expect((await newestSlugs()).sort()).toEqual(samples);
    const home = await fetchPath('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toMatch(/^public/);
    forgetLiveIndex();
    const unmigrated = { ...env, DB: failingD1('D1_ERROR: no such table: publish_state: SQLITE_ERROR') };
    expect((await newestSlugs(unmigrated)).sort()).toEqual(samples);
  });

  it('a D1 that fails otherwise is logged and answered as unavailable, never with the samples', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await fetchWithEnv('/', { DB: failingD1('D1_ERROR: Network connection lost.') });
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await textOf(response);
    for (const item of await bundledNews()) expect(text).not.toContain(`/noticia/${item.slug}"`);
    expect(events(errors)).toContainEqual(
      expect.objectContaining({ event: 'publish_state_read_failed', message: 'D1_ERROR: Network connection lost.' }),
    );
  });

  it('a site whose KV has its meta never asks D1', async () => {
    await publishWithBodies(newsItem('publicada'));
    await recordVersion(7);
    const statements: string[] = [];
    const DB = {
      prepare: (sql: string) => {
        statements.push(sql);
        return env.DB.prepare(sql);
      },
    } as unknown as D1Database;
    for (const path of ['/', '/noticia/publicada', '/sitemap.xml']) expect((await fetchWithEnv(path, { DB })).status, path).toBe(200);
    expect(statements).toEqual([]);
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

    forgetLiveIndex();
    await (await fetchWithEnv(`/noticia/${SLUG}`, { NEWS })).arrayBuffer();
    expect([timesRead(keys, shard), timesRead(keys, BODY_KEY)]).toEqual([2, 2]);
  });

  it('keeps no body whose read failed, and no missing one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await publishList([newsItem('falha'), newsItem('sem-corpo')]);
    await env.NEWS.put('noticias/falha.html', '<p>Corpo.</p>');
    const keys: string[] = [];
    let failing = true;
    const NEWS = {
      get: (key: string, type: 'text') => {
        keys.push(key);
        if (failing && key === 'noticias/falha.html') return Promise.reject(new Error('KV unavailable'));
        return env.NEWS.get(key, type);
      },
    } as unknown as KVNamespace;
    expect((await fetchWithEnv('/noticia/falha', { NEWS })).status).toBe(503);
    failing = false;
    for (let i = 0; i < 2; i++) {
      expect((await fetchWithEnv('/noticia/falha', { NEWS })).status).toBe(200);
      expect((await fetchWithEnv('/noticia/sem-corpo', { NEWS })).status).toBe(404);
    }
    expect([timesRead(keys, 'noticias/falha.html'), timesRead(keys, 'noticias/sem-corpo.html')]).toEqual([2, 2]);
  });
});
