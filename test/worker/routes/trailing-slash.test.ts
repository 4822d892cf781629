import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { TRAILING_SLASH_CACHE_CONTROL, trimmedPath } from '#src/middleware/trailing-slash.ts';
import { fetchPath, ORIGIN } from '../helpers';

/** As workerd builds a request's URL: its host is whatever the Host header said. */
async function fetchWithHost(host: string, path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(`http://${host}${path}`, { ...init, headers: { host }, redirect: 'manual' }));
}

describe('trailing slash redirect', () => {
  it('redirects to the path alone, whatever host the request names', async () => {
    const response = await fetchWithHost('evil.example', '/sobre/');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/sobre');
    expect(response.headers.get('cache-control')).toBe(TRAILING_SLASH_CACHE_CONTROL);
    expect((await fetchWithHost('evil.example', '/sobre/', { method: 'HEAD' })).headers.get('location')).toBe('/sobre');
  });

  it('keeps the query string', async () => {
    const response = await fetchPath('/sobre/?utm_source=news&q=a%20b&x', { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/sobre?utm_source=news&q=a%20b&x');
  });

  it.each([
    ['//evil.com/', '/evil.com'],
    ['///evil.com//', '/evil.com'],
    ['//evil.com/?next=//x', '/evil.com?next=//x'],
    ['//', '/'],
  ])('never turns %s into a protocol-relative Location', async (path, location) => {
    const response = await fetchPath(path, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(location);
  });

  it('lands on the page', async () => {
    const path = '/noticia/como-decorar-apartamentos-pequenos';
    const response = await fetchPath(`${path}/`, { redirect: 'manual' });
    expect(response.headers.get('location')).toBe(path);
    expect((await fetchPath(response.headers.get('location')!)).status).toBe(200);
  });

  it('leaves paths without a trailing slash to the routes', async () => {
    expect((await fetchPath('/sobre', { redirect: 'manual' })).status).toBe(200);
    expect((await fetchPath('/', { redirect: 'manual' })).status).toBe(200);
    expect((await fetchPath('//evil.com', { redirect: 'manual' })).status).toBe(404);
  });
});

describe('trimmedPath', () => {
  it('always names a path on this host', () => {
    const odd = ['//a/', '/\\/a/', '/%2F%2Fevil.com/', '/./a/', '/a//', '////', '/%09/evil.com/', '/@evil.com/', '/a/b/c///'];
    for (const raw of odd) {
      const pathname = new URL(`${ORIGIN}${raw}`).pathname;
      const path = trimmedPath(pathname);
      if (path === null) continue;
      expect(path).toMatch(/^\/(?![/\\])/);
      expect(new URL(path, 'https://site.example').host).toBe('site.example');
    }
  });
});
