import { env } from 'cloudflare:test';
import manifest from '@client/manifest';
import { afterEach, describe, expect, it } from 'vitest';
import { app } from '#src/app.ts';
import { HTML_CACHE_CONTROL } from '#src/middleware/cache-policy.ts';
import { clientBuildFingerprint } from '#src/middleware/edge-cache.ts';
import { clearKv, fetchCached, ORIGIN, publishTitle } from '../helpers';

afterEach(clearKv);

describe('edge cache', () => {
  it('serves a page from the cache, whatever tracking parameters or cookies come with it', async () => {
    await publishTitle('cacheada', 'Versão que fica no cache');
    const first = await fetchCached('/noticia/cacheada');
    expect(await first.text()).toContain('Versão que fica no cache');
    expect(first.headers.get('cache-control')).toBe(HTML_CACHE_CONTROL);

    await publishTitle('cacheada', 'Versão nova no KV');
    const again = await fetchCached('/noticia/cacheada?utm_source=news&utm_medium=email&fbclid=x&gclid=y', {
      headers: { cookie: 'cookieconsent_status=allow' },
    });
    expect(await again.text()).toContain('Versão que fica no cache');

    // Without the cache (EDGE_CACHE=off) the same request renders the new version.
    const fresh = await app.request(`${ORIGIN}/noticia/cacheada`, undefined, env);
    expect(await fresh.text()).toContain('Versão nova no KV');
  });

  it('answers 304 to a matching If-None-Match on a cached page', async () => {
    const first = await fetchCached('/termos');
    const tag = first.headers.get('etag')!;
    const second = await fetchCached('/termos', { headers: { 'if-none-match': tag } });
    expect(second.status).toBe(304);
  });

  it('does not cache a 404, so a page published later shows at once', async () => {
    const missing = await fetchCached('/noticia/ainda-nao-publicada');
    expect(missing.status).toBe(404);
    await publishTitle('ainda-nao-publicada', 'Agora publicada');
    const published = await fetchCached('/noticia/ainda-nao-publicada');
    expect(published.status).toBe(200);
    expect(await published.text()).toContain('Agora publicada');
  });

  it('keeps different paths apart', async () => {
    const about = await (await fetchCached('/sobre')).text();
    const contact = await (await fetchCached('/contato')).text();
    expect(about).toContain('<h1>Sobre o');
    expect(contact).toContain('<h1>Fale Conosco</h1>');
  });
});

describe('edge cache key', () => {
  const version = (id: string): Partial<Env> => ({ CF_VERSION_METADATA: { id, tag: '', timestamp: '' } });

  it("changes with the deployed version, so a deploy never serves the previous one's pages", async () => {
    await publishTitle('entre-versoes', 'Renderizada pela versão A');
    await fetchCached('/noticia/entre-versoes', undefined, version('versao-a'));
    await publishTitle('entre-versoes', 'Renderizada pela versão B');
    // The same version still gets its cached copy (memory or Cache API)...
    expect(await (await fetchCached('/noticia/entre-versoes', undefined, version('versao-a'))).text()).toContain(
      'Renderizada pela versão A',
    );
    // ...the next one renders its own.
    expect(await (await fetchCached('/noticia/entre-versoes', undefined, version('versao-b'))).text()).toContain(
      'Renderizada pela versão B',
    );
  });

  it('changes with any hashed client file or inline script, for runs without a real version id', () => {
    const scripts = ['reveal()', '{"prerender":[]}'];
    const base = clientBuildFingerprint(manifest, scripts);
    expect(clientBuildFingerprint({ ...manifest }, [...scripts])).toBe(base);
    // Only a lazily loaded chunk renamed: no page links it, yet pages load it.
    const renamed = Object.fromEntries(
      Object.entries(manifest).map(([entry, chunk]) =>
        entry === 'client/islands/consent-banner.tsx' ? [entry, { ...chunk, file: 'static/consent-banner-NOVO1234.js' }] : [entry, chunk],
      ),
    );
    expect(renamed).not.toEqual(manifest);
    expect(clientBuildFingerprint(renamed, scripts)).not.toBe(base);
    expect(clientBuildFingerprint({ ...manifest, 'client/boot.ts': { file: 'static/boot-NOVO1234.js' } }, scripts)).not.toBe(base);
    // Only an inline script changed: cached pages carry the CSP hash of the old one.
    expect(clientBuildFingerprint(manifest, ['reveal(1)', scripts[1]!])).not.toBe(base);
  });
});
