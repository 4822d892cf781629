import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_API_ARTICLES, MAX_API_BYTES } from '#src/newsroom/api/wire.ts';
import { emptyRegistry, type PreparedArticle } from '#src/publishing/plan/prepared-article.ts';
import { NewsroomError, newsroomSite, openNewsroom } from '../../../../scripts/lib/newsroom-client';

/** What `--remote` talks to, and what it refuses before sending anything. */

afterEach(() => vi.restoreAllMocks());

const article = (n: number, bytes = 10): PreparedArticle =>
  ({
    item: { slug: `artigo-${n}` },
    body: '<p>texto</p>',
    image: { key: `thumbnails/artigo-${n}.png`, bytes: new Uint8Array(bytes) },
    variants: [],
  }) as unknown as PreparedArticle;

describe('the newsroom the commands publish to', () => {
  it('is NEWSROOM_URL (https, or http on this computer), else the production SITE_URL', () => {
    expect(newsroomSite({ NEWSROOM_URL: 'https://casaempauta.com.br/redacao' }).origin).toBe('https://casaempauta.com.br');
    expect(newsroomSite({ NEWSROOM_URL: 'http://localhost:8831' }).origin).toBe('http://localhost:8831');
    expect(() => newsroomSite({ NEWSROOM_URL: 'http://casaempauta.com.br' })).toThrow(NewsroomError);
    expect(() => newsroomSite({ NEWSROOM_URL: 'não é endereço' })).toThrow(/não é o endereço do site: defina NEWSROOM_URL/);
    expect(newsroomSite({}).protocol).toBe('https:');
  });

  it('refuses, before sending a byte, a set larger than the newsroom takes at once', async () => {
    const sent = vi.spyOn(globalThis, 'fetch');
    const newsroom = openNewsroom({ target: 'remote' }, { NEWSROOM_URL: 'http://localhost:1' });
    const many = Array.from({ length: MAX_API_ARTICLES + 1 }, (_, n) => article(n));
    await expect(newsroom.publish(many, emptyRegistry(), { replace: false, dryRun: false })).rejects.toThrow(
      /publique as pastas em partes/,
    );
    await expect(newsroom.publish([article(0, MAX_API_BYTES)], emptyRegistry(), { replace: false, dryRun: false })).rejects.toThrow(
      /publique as pastas em partes/,
    );
    expect(sent).not.toHaveBeenCalled();
  });
});
