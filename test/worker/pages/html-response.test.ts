import { describe, expect, it } from 'vitest';
import { fetchPath } from '../helpers';

const sha1Hex = async (bytes: ArrayBuffer) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-1', bytes))].map((byte) => byte.toString(16).padStart(2, '0')).join('');

describe('rendered pages (src/render/html-response.ts)', () => {
  it.each(['/', '/noticia/como-decorar-apartamentos-pequenos', '/sobre'])(
    "%s: the ETag is the SHA-1 of the body, the tag Hono's etag() would compute",
    async (path) => {
      const response = await fetchPath(path);
      expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      expect(response.headers.get('etag')).toBe(`"${await sha1Hex(await response.arrayBuffer())}"`);
    },
  );

  it('tags no error page, like the etag middleware', async () => {
    const response = await fetchPath('/nao-existe');
    expect(response.status).toBe(404);
    expect(response.headers.get('etag')).toBeNull();
    expect(await response.text()).toContain('Página não encontrada');
  });
});
