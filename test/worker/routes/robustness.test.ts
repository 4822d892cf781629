import { describe, expect, it } from 'vitest';
import { fetchPath } from '../helpers';

/** A small deterministic generator, so a failure names a request that can be replayed. */
function* oddRequests(): Generator<{ path: string; init: RequestInit; expected: number[] }> {
  const markup = '<script>alert(1)</script>';
  const paths: [string, number[]][] = [
    ['/', [200]],
    ['//', [301]],
    ['///noticia', [404]],
    ['/noticia', [404]],
    ['/noticia/', [301]],
    ['/noticia//como-decorar-apartamentos-pequenos', [404]],
    [`/noticia/${'a'.repeat(121)}`, [404]],
    [`/noticia/${'a-'.repeat(400)}a`, [404]],
    [`/${'x/'.repeat(600)}`, [400]],
    ['/noticia/%', [400]],
    ['/noticia/%E0%A4%A', [400]],
    ['/noticia/%FF%FE', [400]],
    ['/noticia/%C0%AE%C0%AE/etc/passwd', [400]],
    ['/noticia/..%2F..%2Fwrangler.toml', [400]],
    ['/noticia/%2e%2e%2fnews.json', [400]],
    ['/noticia/a%5Cb', [400]],
    ['/noticia/%0d%0aSet-Cookie:%20x=1', [400]],
    ['/noticia/%00', [400]],
    ['/noticia/ação-imobiliária', [404]],
    ['/noticia/%F0%9F%8F%A0-casa', [404]],
    ['/noticia/日本語', [404]],
    ['/noticia/COMO-DECORAR-APARTAMENTOS-PEQUENOS', [404]],
    ['/noticia/como-decorar-apartamentos-pequenos.html', [404]],
    ['/noticia/como_decorar', [404]],
    [`/noticia/${encodeURIComponent(markup)}`, [404]],
    [`/${encodeURIComponent(markup)}`, [404]],
    ['/sobre/', [301]],
    ['/SOBRE', [404]],
    ['/sobre.php', [404]],
    ['/.env', [404]],
    ['/.git/config', [404]],
    ['/wp-login.php', [404]],
    ['/news.json', [404]],
    ['/noticias/como-decorar-apartamentos-pequenos.html', [404]],
    ['/thumbnails/', [301, 404]],
    ['/thumbnails/x.exe', [404]],
    ['/thumbnails/%2e%2e%2fnews.json', [400]],
    ['/static/nao-existe.js', [404]],
    ['/sitemap.xml/', [301]],
    ['/feed.xml?format=atom', [200]],
  ];
  for (const [path, expected] of paths) yield { path, init: {}, expected };

  const queries = [
    `?${'a'.repeat(8000)}=1`,
    `?utm_source=${encodeURIComponent(markup)}`,
    '?%E0%A4%A=1',
    '?page=-1&page=999999999999',
    `?q=${'%F0%9F%8F%A0'.repeat(500)}`,
    '?__proto__[x]=1&constructor[prototype][y]=2',
  ];
  for (const query of queries) {
    yield { path: `/${query}`, init: {}, expected: [200] };
    yield { path: `/noticia/como-decorar-apartamentos-pequenos${query}`, init: {}, expected: [200] };
  }

  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'PURGE', 'MKCOL', 'LOCK']) {
    for (const path of ['/', '/noticia/x', '/feed.xml']) yield { path, init: { method }, expected: [405] };
  }
  yield { path: '/', init: { method: 'POST', body: 'x'.repeat(100_000) }, expected: [405] };

  const headerSets: Record<string, string>[] = [
    { cookie: 'cookieconsent_status=allow; XSRF-TOKEN=abc' },
    { cookie: `x=${'y'.repeat(6000)}` },
    { 'if-none-match': '*' },
    { 'if-none-match': '"nao-e-um-etag", W/"x"' },
    { 'if-none-match': '' },
    { 'accept-language': 'en-US' },
    { accept: 'application/json' },
    { 'accept-encoding': 'br, gzip, zstd' },
    { range: 'bytes=0-10' },
    { 'user-agent': markup },
    { 'x-forwarded-host': 'evil.example' },
    { host: 'evil.example' },
    { referer: 'javascript:alert(1)' },
    { 'content-type': 'multipart/form-data; boundary=x' },
  ];
  for (const headers of headerSets) {
    yield { path: '/', init: { headers }, expected: [200, 304] };
    yield { path: '/sobre', init: { headers }, expected: [200, 304] };
  }
}

describe('odd requests', () => {
  const cases = [...oddRequests()];

  it('there are about a hundred of them', () => {
    expect(cases.length).toBeGreaterThanOrEqual(100);
  });

  it.each(cases.map((c) => [`${c.init.method ?? 'GET'} ${c.path.slice(0, 70)}`, c] as const))(
    '%s: no 5xx, the right status, nothing reflected',
    async (_name, { path, init, expected }) => {
      const response = await fetchPath(path, { ...init, redirect: 'manual' });
      expect(response.status).toBeLessThan(500);
      expect(expected).toContain(response.status);
      const text = await response.text();
      expect(text).not.toContain('<script>alert(1)</script>');
      expect(text).not.toContain('evil.example');
      expect(response.headers.get('content-security-policy')).toBeTruthy();
      expect(response.headers.get('set-cookie')).toBeNull();
    },
  );
});
