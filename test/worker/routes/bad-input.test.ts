import { describe, expect, it } from 'vitest';
import { fetchPath, textOf } from '../helpers';

describe('methods', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('%s answers 405 with Allow: GET, HEAD', async (method) => {
    for (const path of ['/', '/noticia/como-decorar-apartamentos-pequenos', '/nao-existe']) {
      const response = await fetchPath(path, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect(await textOf(response)).toContain('Método não permitido');
    }
  });

  it('HEAD answers like GET without a body', async () => {
    const response = await fetchPath('/sobre', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe('');
  });
});

describe('paths', () => {
  it.each([
    ['/noticia/%E0%A4%A', 400],
    ['/noticia/%ZZ', 400],
    // The URL parser resolves encoded dot segments before the worker sees them.
    ['/noticia/%2e%2e/%2e%2e/wrangler.toml', 404],
    ['/noticia/a%00b', 400],
    [`/noticia/${'a'.repeat(2000)}`, 400],
    [`/noticia/${'a'.repeat(300)}`, 404],
    ['/noticia/Como-Decorar', 404],
    ['/noticia/%C3%A7%C3%A3o', 404],
    ['/noticia/', 301],
    ['//noticia//x', 404],
    ['/noticia/x/y', 404],
    ['/news.json', 404],
    ['/noticias/como-decorar-apartamentos-pequenos.html', 404],
    ['/wp-admin', 404],
  ])('%s answers %i', async (path, status) => {
    const response = await fetchPath(path, { redirect: 'manual' });
    expect(response.status).toBe(status);
  });

  it('never echoes markup from the path back', async () => {
    const payload = '<script>alert(1)</script>';
    for (const path of [`/${encodeURIComponent(payload)}`, `/noticia/${encodeURIComponent(payload)}`]) {
      const response = await fetchPath(path);
      expect(response.status).toBeLessThan(500);
      expect(await response.text()).not.toContain(payload);
    }
  });

  it('redirects a trailing slash to the canonical path', async () => {
    const response = await fetchPath('/sobre/', { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/sobre');
  });

  it('ignores query strings', async () => {
    const response = await fetchPath(`/?utm_source=x&q=${'z'.repeat(4000)}`);
    expect(response.status).toBe(200);
  });
});
