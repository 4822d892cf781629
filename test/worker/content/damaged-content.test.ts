import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { contentHash } from '#src/content/index/content-hash.ts';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { shardOf } from '#src/content/index/news-index.ts';
import { bodyKey } from '#src/content/schema/format.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import {
  bundledMeta,
  bundledNews,
  clearKv,
  emptyKv,
  fetchPath,
  fetchWithEnv,
  indexOf,
  kvMeta,
  newsItem,
  ORIGIN,
  putIndex,
  textOf,
} from '../helpers';

/**
 * A value stored under a content-addressed key (a chunk, a list's file, the
 * author registry, a body) that is not the text its key's hash names, as
 * garbage written over it leaves it: read as missing, logged, never shown.
 */
let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  forgetLiveIndex();
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(clearKv);
afterEach(() => vi.restoreAllMocks());

const BODY = '<p>Corpo verdadeiro do artigo.</p>';
const GARBAGE = 'Texto estranho escrito por cima';
const AUTHORS = { 'ana-souza': { nome: 'Ana Souza', cargo: 'Repórter', bio: 'Escreve sobre reformas há dez anos.' } };
const ITEM = newsItem('casa-nova', {
  titulo: 'Casa nova de verdade',
  htmlPath: bodyKey('casa-nova', contentHash(BODY)),
  autor: 'ana-souza',
  temas: ['decoracao'],
});
/** Valid JSON in every respect but its hash: an item no publish ever listed. */
const INTRUDER: NewsItem = newsItem('intrusa', { titulo: GARBAGE });

/** Publishes ITEM with its body and registry, as the publish command would. */
async function publish(): Promise<void> {
  await putIndex(await indexOf([ITEM], Date.now(), AUTHORS));
  await env.NEWS.put(ITEM.htmlPath, BODY);
}

/** Writes other text over a published key, and starts a fresh isolate (nothing kept). */
async function overwrite(key: string, text: string): Promise<void> {
  await env.NEWS.put(key, text);
  forgetLiveIndex();
}

const logged = () => errors.mock.calls.map(([line]) => JSON.parse(String(line)));
const mismatchLogged = (key: string) => expect(logged()).toContainEqual(expect.objectContaining({ event: 'content_hash_mismatch', key }));

describe('a value that is not the one its key names', () => {
  it('an article body: a pt-BR 503 (no-store, logged), never the garbage', async () => {
    await publish();
    expect(await textOf(await fetchPath('/noticia/casa-nova'))).toContain('Corpo verdadeiro do artigo.');
    await overwrite(ITEM.htmlPath, `<p>${GARBAGE}</p>`);
    const response = await fetchPath('/noticia/casa-nova');
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await textOf(response);
    expect(html).toContain('indisponíve');
    expect(html).not.toContain(GARBAGE);
    mismatchLogged(ITEM.htmlPath);
  });

  it('a page chunk is skipped as a missing one is', async () => {
    await publish();
    const key = (await kvMeta()).pageKeys[0]!;
    await overwrite(key, JSON.stringify([INTRUDER]));
    const html = await textOf(await fetchPath('/'));
    expect(html).not.toContain(GARBAGE);
    expect(html).toContain('Nenhuma notícia publicada no momento');
    mismatchLogged(key);
  });

  it('a slug shard, read unchecked (its cost), can still lead to no body but one that passes its check', async () => {
    await publish();
    const key = (await kvMeta()).shardKeys[shardOf(ITEM.slug)]!;
    const forged = bodyKey(ITEM.slug, 'ffffffffff');
    await env.NEWS.put(forged, `<p>${GARBAGE}</p>`);
    await overwrite(key, JSON.stringify({ [ITEM.slug]: { ...ITEM, htmlPath: forged } }));
    const response = await fetchPath('/noticia/casa-nova');
    expect(response.status).toBe(503);
    expect(await textOf(response)).not.toContain(GARBAGE);
    mismatchLogged(forged);
  });

  it('a sitemap chunk is skipped', async () => {
    await publish();
    const key = (await kvMeta()).sitemapKeys[0]!;
    await overwrite(key, JSON.stringify([['intrusa', '2025-06-01']]));
    const xml = await (await fetchPath('/sitemap.xml')).text();
    expect(xml).not.toContain('/noticia/intrusa');
    mismatchLogged(key);
  });

  it("a theme's list file: the theme page answers 503, as for a missing one", async () => {
    await publish();
    const key = (await kvMeta()).collections.get('tema/decoracao')!;
    await overwrite(key, JSON.stringify({ count: 0, pages: [] }));
    const response = await fetchPath('/tema/decoracao');
    expect(response.status).toBe(503);
    expect(await textOf(response)).toContain('Lista indisponível');
    mismatchLogged(key);
  });

  it("a theme's page chunk is skipped", async () => {
    await publish();
    const listKey = (await kvMeta()).collections.get('tema/decoracao')!;
    const [hash] = (JSON.parse((await env.NEWS.get(listKey))!) as { pages: string[] }).pages;
    const key = `index/collections/tema/decoracao/0.${hash}.json`;
    expect(await env.NEWS.get(key)).not.toBeNull();
    await overwrite(key, JSON.stringify([INTRUDER]));
    const html = await textOf(await fetchPath('/tema/decoracao'));
    expect(html).not.toContain(GARBAGE);
    mismatchLogged(key);
  });

  it("the author registry is read as empty: the article is signed by the site's editor, not by the stand-in", async () => {
    await publish();
    const key = (await kvMeta()).authorsKey!;
    await overwrite(key, JSON.stringify({ 'ana-souza': { ...AUTHORS['ana-souza'], nome: GARBAGE } }));
    const html = await textOf(await fetchPath('/noticia/casa-nova'));
    expect(html).toContain('Corpo verdadeiro do artigo.');
    expect(html).not.toContain(GARBAGE);
    expect(html).not.toContain('Ana Souza');
    mismatchLogged(key);
  });
});

describe('a bundled value that is not the one its key names', () => {
  /** The static assets with one file's text replaced, as a build that went wrong could leave it. */
  const assetsWith = (key: string, text: string) =>
    ({
      fetch: (input: RequestInfo) =>
        new URL(String(input)).pathname === `/${key}` ? Promise.resolve(new Response(text)) : env.ASSETS.fetch(input),
    }) as unknown as Fetcher;

  it('a bundled page chunk is skipped', async () => {
    const key = (await bundledMeta()).pageKeys.at(-1)!;
    const response = await fetchWithEnv('/', { NEWS: emptyKv, ASSETS: assetsWith(key, JSON.stringify([INTRUDER])) });
    expect(response.status).toBe(200);
    expect(await textOf(response)).not.toContain(GARBAGE);
    mismatchLogged(key);
  });

  it('a bundled body: 503, never the garbage', async () => {
    const [sample] = (await bundledNews()).filter((item) => item.htmlPath !== bodyKey(item.slug));
    expect((await env.ASSETS.fetch(`${ORIGIN}/${sample!.htmlPath}`)).status).toBe(200);
    const response = await fetchWithEnv(`/noticia/${sample!.slug}`, {
      NEWS: emptyKv,
      ASSETS: assetsWith(sample!.htmlPath, `<p>${GARBAGE}</p>`),
    });
    expect(response.status).toBe(503);
    expect(await textOf(response)).not.toContain(GARBAGE);
    mismatchLogged(sample!.htmlPath);
  });
});
