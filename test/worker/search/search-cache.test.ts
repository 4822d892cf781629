import { env } from 'cloudflare:test';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { app } from '#src/app.ts';
import { searchCacheKeyPart } from '#src/search/cache-key.ts';
import { fetchCached, newsItem, ORIGIN } from '../helpers';
import { clearSearch, indexArticles, resultSlugs } from './search-helpers';

/** Each test its own deployed version, so no test sees another's cached pages (memory or Cache API). */
let version = 0;
let overrides: Partial<Env>;
beforeEach(async () => {
  version += 1;
  overrides = { CF_VERSION_METADATA: { id: `busca-${version}`, tag: '', timestamp: '' } };
  await clearSearch();
  await indexArticles([{ item: newsItem('piscina-velha', { titulo: 'Piscina aquecida', data: '2025-01-10' }) }]);
});
afterAll(clearSearch);

const cachedSlugs = async (path: string) => {
  const response = await fetchCached(path, undefined, overrides);
  expect(response.status, path).toBe(200);
  return resultSlugs(await response.text());
};

const addNewer = () => indexArticles([{ item: newsItem('piscina-nova', { titulo: 'Piscina natural', data: '2025-02-10' }) }]);

describe('search pages in the edge cache', () => {
  it('share one entry per normalized search: case, spaces, signs, order of parameters and tracking parameters do not split it', async () => {
    expect(await cachedSlugs('/busca?q=piscina')).toEqual(['piscina-velha']);
    await addNewer();
    for (const path of [
      '/busca?q=Piscina',
      '/busca?q=%20PISCINA!!%20',
      '/busca?utm_source=news&q=piscina&fbclid=x',
      '/busca?q=piscina&pagina=1',
    ]) {
      expect(await cachedSlugs(path), path).toEqual(['piscina-velha']);
    }
    // Uncached, the same search finds both.
    const fresh = await app.request(`${ORIGIN}/busca?q=piscina`, undefined, env);
    expect(resultSlugs(await fresh.text())).toEqual(['piscina-nova', 'piscina-velha']);
  });

  it('keeps other words and other pages apart', async () => {
    expect(await cachedSlugs('/busca?q=piscina')).toEqual(['piscina-velha']);
    await addNewer();
    expect(await cachedSlugs('/busca?q=piscina%20natural')).toEqual(['piscina-nova']);
    expect(await cachedSlugs('/busca?q=pisc')).toEqual(['piscina-nova', 'piscina-velha']);
    expect((await fetchCached('/busca?q=piscina&pagina=2', undefined, overrides)).status).toBe(404);
  });

  it('never stores the unavailable page or a refusal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // search_unavailable, expected
    const down = { prepare: () => ({ bind: () => ({}) }), batch: () => Promise.reject(new Error('down')) } as unknown as D1Database;
    expect((await fetchCached('/busca?q=piscina', undefined, { ...overrides, DB: down })).status).toBe(503);
    expect(await cachedSlugs('/busca?q=piscina')).toEqual(['piscina-velha']);
    expect((await fetchCached(`/busca?q=${'x'.repeat(300)}`, undefined, overrides)).status).toBe(400);
    vi.restoreAllMocks();
  });
});

describe('the key', () => {
  const part = (path: string, query: Record<string, string>) => searchCacheKeyPart(path, (name) => query[name]);

  it('is the normalized words and the page number on /busca, and nothing elsewhere', () => {
    expect(part('/busca', { q: '  Decoração   SALA ' })).toBe('?q=decora%C3%A7%C3%A3o%20sala&pagina=1');
    expect(part('/busca', { q: 'decoração sala', pagina: '1' })).toBe('?q=decora%C3%A7%C3%A3o%20sala&pagina=1');
    expect(part('/busca', { q: 'sala', pagina: '2' })).toBe('?q=sala&pagina=2');
    expect(part('/busca', { q: 'sala', pagina: 'x' })).toBe('?q=sala&pagina=invalida');
    expect(part('/busca', {})).toBe('?empty&pagina=1');
    expect(part('/busca', { q: '***' })).toBe('?no-terms&pagina=1');
    expect(part('/busca', { q: 'x'.repeat(300) })).toBe('?too-long&pagina=1');
    expect(part('/', { q: 'sala' })).toBe('');
    expect(part('/noticia/x', { q: 'sala', pagina: '2' })).toBe('');
  });

  it('tells a search cut at 8 words from the same 8 words typed alone (their pages differ)', () => {
    const eight = Array.from({ length: 8 }, (_, i) => `casa${i}`);
    expect(part('/busca', { q: eight.join(' ') })).not.toBe(part('/busca', { q: [...eight, 'nona'].join(' ') }));
  });
});
