import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearKv, fetchCached, newsItem, publishTitle } from '../helpers';
import { clearSearch, indexArticles, resultSlugs } from '../search/search-helpers';

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await clearKv();
});

/** From now on the Cache API never answers, so only the isolate's memory can. */
function emptyEdgeCache(): void {
  const empty = { match: async () => undefined, put: async () => {} } as unknown as Cache;
  vi.spyOn(caches, 'open').mockResolvedValue(empty);
}

describe('memory cache', () => {
  it('answers a page the isolate rendered without the Cache API, with every header, and 304s on it', async () => {
    await publishTitle('na-memoria', 'Versão guardada na memória');
    const first = await fetchCached('/noticia/na-memoria');
    emptyEdgeCache();
    await publishTitle('na-memoria', 'Versão nova no KV');

    const again = await fetchCached('/noticia/na-memoria?utm_source=x', { headers: { cookie: 'a=b' } });
    expect(await again.text()).toContain('Versão guardada na memória');
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(again.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    // Served twice from the same kept bytes.
    expect(await (await fetchCached('/noticia/na-memoria')).text()).toContain('Versão guardada na memória');

    const notModified = await fetchCached('/noticia/na-memoria', { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(notModified.status).toBe(304);
  });

  it('keeps a page only as long as the edge cache keeps it (its s-maxage)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await publishTitle('expira', 'Primeira versão');
    const first = await fetchCached('/noticia/expira');
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(first.headers.get('cache-control')!)![1]);
    await publishTitle('expira', 'Segunda versão');
    emptyEdgeCache();

    vi.advanceTimersByTime(sMaxAge * 1000 - 1000);
    expect(await (await fetchCached('/noticia/expira')).text()).toContain('Primeira versão');
    vi.advanceTimersByTime(2000);
    expect(await (await fetchCached('/noticia/expira')).text()).toContain('Segunda versão');
  });

  it('keeps no search page: those stay in the edge cache, so new searches never push hot pages out', async () => {
    await clearSearch();
    await indexArticles([{ item: newsItem('piscina-velha', { titulo: 'Piscina aquecida', data: '2025-01-10' }) }]);
    expect(resultSlugs(await (await fetchCached('/busca?q=piscina')).text())).toEqual(['piscina-velha']);
    emptyEdgeCache();
    await indexArticles([{ item: newsItem('piscina-nova', { titulo: 'Piscina natural', data: '2025-02-10' }) }]);
    expect(resultSlugs(await (await fetchCached('/busca?q=piscina')).text())).toEqual(['piscina-nova', 'piscina-velha']);
    await clearSearch();
  });

  it('keeps no 404', async () => {
    expect((await fetchCached('/noticia/ainda-nao')).status).toBe(404);
    await publishTitle('ainda-nao', 'Publicada agora');
    expect((await fetchCached('/noticia/ainda-nao')).status).toBe(200);
  });

  it('keeps pages only, not feeds or sitemaps', async () => {
    await publishTitle('no-feed', 'Primeiro título no feed');
    expect(await (await fetchCached('/feed.xml')).text()).toContain('Primeiro título no feed');
    emptyEdgeCache();
    await publishTitle('no-feed', 'Segundo título no feed');
    expect(await (await fetchCached('/feed.xml')).text()).toContain('Segundo título no feed');
  });
});
