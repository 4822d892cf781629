import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../src/content/sanitize-html';

describe('sanitizeArticleHtml', () => {
  it('keeps ordinary article markup as is', async () => {
    const html =
      '<h2>Título</h2><p>Texto com <strong>ênfase</strong>, <em>itálico</em> e <a href="/noticia/outra">link</a>.</p>' +
      '<ul><li>um</li></ul><blockquote><p>Citação</p></blockquote><a href="https://exemplo.com.br/x?a=1:2">fora</a>';
    expect(await sanitizeArticleHtml(html)).toBe(html);
  });

  it('removes script-capable elements with their content', async () => {
    const out = await sanitizeArticleHtml(
      '<p>a</p><script>alert(1)</script><iframe src="https://x"></iframe><object data="x"></object>' +
        '<embed src="x"><style>p{display:none}</style><svg><script>alert(2)</script></svg><form><input></form><p>b</p>',
    );
    expect(out).toBe('<p>a</p><p>b</p>');
  });

  it('removes event handlers and inline styles', async () => {
    const out = await sanitizeArticleHtml('<p onclick="x()" ONMOUSEOVER="y()" style="display:none" class="k">t</p>');
    expect(out).toBe('<p class="k">t</p>');
  });

  it('removes javascript: and data: URLs, even disguised', async () => {
    const out = await sanitizeArticleHtml(
      '<a href="javascript:alert(1)">a</a><a href=" JaVa\tScRiPt:alert(1)">b</a><img src="data:text/html,x" alt="c">' +
        '<a href="mailto:contato@exemplo.com">d</a>',
    );
    expect(out).toBe('<a>a</a><a>b</a><img alt="c"><a href="mailto:contato@exemplo.com">d</a>');
  });
});

describe('bodies sanitized again', () => {
  it('give the same result, for as many bodies as an isolate keeps and more', async () => {
    const body = (i: number) => `<p onclick="x()">corpo ${i}</p><script>alert(${i})</script>`;
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 40; i++) expect(await sanitizeArticleHtml(body(i))).toBe(`<p>corpo ${i}</p>`);
    }
  });
});

describe('video embeds', () => {
  it('keeps a privacy-enhanced YouTube iframe, without extra attributes', async () => {
    const out = await sanitizeArticleHtml(
      '<iframe src="https://www.youtube-nocookie.com/embed/abc_123" title="Vídeo" name="x" sandbox="allow-scripts" onload="x()"></iframe>',
    );
    expect(out).toBe('<iframe src="https://www.youtube-nocookie.com/embed/abc_123" title="Vídeo"></iframe>');
  });

  it.each(['https://www.youtube.com/embed/abc', 'https://evil.example/embed/abc', 'https://www.youtube-nocookie.com/watch?v=abc'])(
    'removes an iframe from %s',
    async (src) => {
      expect(await sanitizeArticleHtml(`<p>a</p><iframe src="${src}"></iframe>`)).toBe('<p>a</p>');
    },
  );
});
