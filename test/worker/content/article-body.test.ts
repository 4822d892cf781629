import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES } from '#src/content/body/html-policy.ts';
import { COSTLY_BODIES } from '../../fixtures/hostile-bodies';
import { clearKv, fetchPath, newsItem, publishList } from '../helpers';

/** Publishes one article whose stored body is `body`, as if it reached KV without the check. */
async function storeArticle(slug: string, body: string): Promise<void> {
  const item = newsItem(slug);
  await publishList([item, newsItem(`${slug}-outra`)]);
  await env.NEWS.put(item.htmlPath, body);
}

/** The served article body: the markup inside its wrapper (bodies never contain a <div>). */
async function servedBody(slug: string): Promise<{ status: number; body: string }> {
  const response = await fetchPath(`/noticia/${slug}`);
  const html = await response.text();
  const start = html.indexOf('article-body">');
  return { status: response.status, body: start === -1 ? '' : html.slice(start, html.indexOf('</div>', start)) };
}

beforeEach(clearKv);
afterEach(() => vi.restoreAllMocks());

describe('whatever body KV holds, the article page answers without a 500', () => {
  it('a <style> inside <select> (which made the old streaming rewriter throw on every request)', async () => {
    await storeArticle('select-style', '<p>antes</p><select><style>a{}</style></select><p>depois</p>');
    const { status, body } = await servedBody('select-style');
    expect(status).toBe(200);
    expect(body).toContain('<p>antes</p><p>depois</p>');
  });

  it('entity-hidden javascript: links are served without their href', async () => {
    await storeArticle(
      'links',
      '<p><a href="&#106;avascript:alert(1)">a</a> <a href="javascript&colon;alert(1)">b</a> <a href="jav&#x09;ascript:alert(1)">c</a></p>',
    );
    const { status, body } = await servedBody('links');
    expect(status).toBe(200);
    expect(body).toContain('<p><a>a</a> <a>b</a> <a>c</a></p>');
  });

  it("markup aimed at the page's own machinery is removed", async () => {
    await storeArticle(
      'maquinaria',
      '<p>texto</p><img name="cookie" src="/x.png"><a id="adsense-loader" href="/">x</a>' +
        '<ins class="adsbygoogle" data-ad-client="ca-pub-9999999999999999"></ins>',
    );
    const { status, body } = await servedBody('maquinaria');
    expect(status).toBe(200);
    expect(body).toContain('<p>texto</p><a href="/">x</a>');
    expect(body).not.toMatch(/cookie|adsense-loader|adsbygoogle|ca-pub-9999/);
  });

  it('an oversized body gets a clean pt-BR page, not cached, and is logged with its slug', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await storeArticle('grande-demais', `<p>${'palavra '.repeat(MAX_BODY_BYTES / 8 + 10)}</p>`);
    const response = await fetchPath('/noticia/grande-demais');
    expect(response.status).toBe(503);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.text()).toContain('Notícia indisponível');
    expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)))).toContainEqual(
      expect.objectContaining({ event: 'article_body_too_large', slug: 'grande-demais' }),
    );
  });

  it('a body that would make the parser build millions of elements (1,000 distinct <b> left open, then 4,000 blocks) gets the same page, logged', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await storeArticle('custoso', COSTLY_BODIES[0]!.html);
    const response = await fetchPath('/noticia/custoso');
    expect(response.status).toBe(503);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.text()).toContain('Notícia indisponível');
    expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)))).toContainEqual(
      expect.objectContaining({ event: 'article_body_too_complex', slug: 'custoso', limit: '10000 elements' }),
    );
  });
});
