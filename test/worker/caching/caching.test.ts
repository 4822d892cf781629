import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { HTML_CACHE_CONTROL, NO_STORE, NOT_FOUND_CACHE_CONTROL } from '#src/middleware/cache-policy.ts';
import { clientAssets } from '#src/site/client-assets.ts';
import { fetchPath, ORIGIN } from '../helpers';

describe('cache headers', () => {
  it('gives pages browser and edge lifetimes with stale-while-revalidate', async () => {
    const response = await fetchPath('/');
    const cacheControl = response.headers.get('cache-control')!;
    expect(cacheControl).toBe(HTML_CACHE_CONTROL);
    expect(cacheControl).toMatch(/max-age=\d+/);
    expect(cacheControl).toMatch(/s-maxage=\d+/);
    expect(cacheControl).toMatch(/stale-while-revalidate=\d+/);
  });

  it('keeps 404s briefly and never stores refusals', async () => {
    expect((await fetchPath('/nao-existe')).headers.get('cache-control')).toBe(NOT_FOUND_CACHE_CONTROL);
    expect((await fetchPath('/', { method: 'POST' })).headers.get('cache-control')).toBe(NO_STORE);
    expect((await fetchPath('/noticia/%ZZ')).headers.get('cache-control')).toBe(NO_STORE);
  });

  it('renders the same HTML whatever consent cookie the reader has', async () => {
    const bodies = await Promise.all(
      [undefined, 'cookieconsent_status=allow', 'cookieconsent_status=deny'].map(async (cookie) =>
        (await fetchPath('/', { headers: cookie ? { cookie } : {} })).text(),
      ),
    );
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[2]).toBe(bodies[0]);
  });

  it('never sets cookies or varies by cookie', async () => {
    const response = await fetchPath('/', { headers: { cookie: 'cookieconsent_status=allow' } });
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('vary') ?? '').not.toMatch(/cookie/i);
  });
});

describe('ETag', () => {
  it('answers 304 to a matching If-None-Match, with the ETag and Cache-Control', async () => {
    const first = await fetchPath('/noticia/como-decorar-apartamentos-pequenos');
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^"[0-9a-f]+"$/);
    const second = await fetchPath('/noticia/como-decorar-apartamentos-pequenos', {
      headers: { 'if-none-match': tag! },
    });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
    expect(second.headers.get('etag')).toBe(tag);
    expect(second.headers.get('cache-control')).toBe(HTML_CACHE_CONTROL);
  });

  it('matches the weak form a compressing proxy produces', async () => {
    const tag = (await fetchPath('/sobre')).headers.get('etag')!;
    const response = await fetchPath('/sobre', { headers: { 'if-none-match': `W/${tag}` } });
    expect(response.status).toBe(304);
  });

  it('answers 200 with the page when the tag differs', async () => {
    const response = await fetchPath('/sobre', { headers: { 'if-none-match': '"stale"' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<h1>');
  });

  it('gives different pages different tags', async () => {
    const [a, b] = await Promise.all([fetchPath('/sobre'), fetchPath('/termos')]);
    expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'));
  });
});

describe('security headers', () => {
  it.each([
    ['/', 200],
    ['/nao-existe', 404],
  ])('%s carries CSP, HSTS, nosniff and frame protection', async (path, status) => {
    const response = await fetchPath(path);
    expect(response.status).toBe(status);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('lets scripts come only from the site and the AdSense hosts, and frames only from AdSense', async () => {
    const csp = (await fetchPath('/')).headers.get('content-security-policy')!;
    const directive = (name: string) =>
      csp
        .split('; ')
        .find((d) => d.startsWith(`${name} `))!
        .split(' ')
        .slice(1);
    expect(directive('script-src')).toEqual([
      "'self'",
      expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
      expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
      expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
      'https://pagead2.googlesyndication.com',
      'https://*.googlesyndication.com',
      'https://*.adtrafficquality.google',
      'https://*.doubleclick.net',
    ]);
    expect(directive('frame-src')).toContain('https://googleads.g.doubleclick.net');
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
  });

  const digestOf = async (text: string) =>
    `'sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))))}'`;

  it.each([
    ['/', 'home'],
    ['/noticia/como-decorar-apartamentos-pequenos', 'article'],
    ['/simulador-de-financiamento?valor=500000&entrada=100000&juros=11&prazo=30', 'tool'],
    ['/sobre', 'all'],
    ['/tema/decoracao', 'all'],
    ['/nao-existe', 'all'],
  ] as const)(
    '%s: the one inline style is the built stylesheet of its kind of page (%s), no file is linked, and the CSP allows the built stylesheets by their hashes and no other',
    async (path, kind) => {
      const response = await fetchPath(path);
      const html = await response.text();
      const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
      const file = await env.ASSETS.fetch(`${ORIGIN}${clientAssets.stylesheets[kind].href}`);
      expect(file.status).toBe(200);
      expect(styles).toEqual([await file.text()]);
      expect(html).not.toContain('rel="stylesheet"');
      const styleSrc = response.headers
        .get('content-security-policy')!
        .match(/style-src ([^;]*)/)![1]!
        .split(' ');
      const built = await Promise.all(
        Object.values(clientAssets.stylesheets).map(async ({ href }) =>
          digestOf(await (await env.ASSETS.fetch(`${ORIGIN}${href}`)).text()),
        ),
      );
      expect(styleSrc[0]).toBe("'self'");
      expect(styleSrc.slice(1).sort()).toEqual(built.sort());
      expect(styleSrc).toContain(await digestOf(styles[0]!));
    },
  );

  it('also on 405 and 304 responses', async () => {
    const refused = await fetchPath('/', { method: 'DELETE' });
    expect(refused.headers.get('content-security-policy')).toBeTruthy();
    const tag = (await fetchPath('/contato')).headers.get('etag')!;
    const notModified = await fetchPath('/contato', { headers: { 'if-none-match': tag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('content-security-policy')).toBeTruthy();
  });
});
