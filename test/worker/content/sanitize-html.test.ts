import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBody } from '#src/content/body/body-html.ts';
import { BodyTooComplexError, parseBody } from '#src/content/body/body-parse.ts';
import { MAX_BODY_ATTRIBUTES, MAX_BODY_BYTES, MAX_BODY_ELEMENTS } from '#src/content/body/html-policy.ts';
import { sanitizeArticleHtml } from '#src/content/body/sanitize-html.ts';
import { COSTLY_BODIES, HOSTILE_BODIES } from '../../fixtures/hostile-bodies';

afterEach(() => vi.restoreAllMocks());

const clean = (html: string) => {
  const result = sanitizeArticleHtml(html, 'teste');
  if (!('html' in result)) throw new Error(`refused: ${result.refused}`);
  return result.html;
};

describe('sanitizeArticleHtml', () => {
  it('keeps ordinary article markup as is', () => {
    const html =
      '<h2>Título</h2><p>Texto com <strong>ênfase</strong>, <em>itálico</em> e <a href="/noticia/outra">link</a>.</p>' +
      '<ul><li>um</li></ul><blockquote><p>Citação</p></blockquote><a href="https://exemplo.com.br/x?a=1:2&amp;b=3">fora</a>' +
      '<table><thead><tr><th scope="col">Ano</th></tr></thead><tbody><tr><td>2025</td></tr></tbody></table>';
    expect(clean(html)).toBe(html);
  });

  it('removes script-capable elements with their content, and unwraps unknown ones', () => {
    const out = clean(
      '<p>a</p><script>alert(1)</script><iframe src="https://x"></iframe><object data="x"></object>' +
        '<embed src="x"><style>p{display:none}</style><svg><script>alert(2)</script></svg><form><input></form>' +
        '<div><span>texto</span></div><p>b</p>',
    );
    expect(out).toBe('<p>a</p>texto<p>b</p>');
  });

  it('counts the reading time of what it serves, not of what it removed, and keeps it with the body', () => {
    const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(' ');
    // 401 words shown (3 minutes at 200 a minute); 600 more in a script, removed with it.
    const raw = `<p>${words(401, 'casa')}</p><script>${words(600, 'x')}</script>`;
    const first = sanitizeArticleHtml(raw, 'tempo');
    expect(first).toMatchObject({ html: `<p>${words(401, 'casa')}</p>`, readingMinutes: 3 });
    // The same body again: the same result, counted once.
    expect(sanitizeArticleHtml(raw, 'tempo')).toBe(first);
    expect(sanitizeArticleHtml('<p>uma palavra</p>', 'curto')).toMatchObject({ readingMinutes: 1 });
  });

  it('keeps only allowed attributes: no handlers, styles, classes, ids, names or data-*', () => {
    const out = clean('<p onclick="x()" ONMOUSEOVER="y()" style="display:none" class="k" id="cookie" data-ad-client="z" title="t">t</p>');
    expect(out).toBe('<p title="t">t</p>');
  });

  it('judges URLs after decoding them as a browser does', () => {
    const out = clean(
      '<a href="javascript:alert(1)">a</a><a href=" JaVa\tScRiPt:alert(1)">b</a><a href="&#106;avascript:alert(1)">c</a>' +
        '<a href="javas&Tab;cript:alert(1)">d</a><a href="mailto:contato@exemplo.com">e</a><a href=" /noticia/x ">f</a>',
    );
    expect(out).toBe('<a>a</a><a>b</a><a>c</a><a>d</a><a href="mailto:contato@exemplo.com">e</a><a href="/noticia/x">f</a>');
  });

  it('serves a settled tree: links nested through a table come out as a browser would rebuild them', () => {
    const out = clean('<a href="/x"><table><a href="/y">y</a></table></a>');
    expect(readBody(out).html).toBe(out);
    expect(out).not.toMatch(/<a[^>]*><a/);
  });

  it('flattens nesting deeper than the policy allows instead of recursing into it', () => {
    const out = clean(`${'<blockquote>'.repeat(5_000)}fundo`);
    expect(out.match(/<blockquote>/g)).toHaveLength(32);
    expect(out).toContain('fundo');
  });
});

describe('every hostile body, sanitized in workerd', () => {
  it.each(HOSTILE_BODIES.map((payload) => [`${payload.family}: ${payload.name}`, payload.html]))('%s', (_, html) => {
    const out = clean(html);
    expect(readBody(out, { report: true }).findings).toEqual([]);
    expect(out).not.toMatch(
      /javascript|vbscript|data:|onerror|onload|<script|<img(?! src="\/thumbnails\/)|srcdoc|<iframe|\b(?:id|name|style)=|\bclass="(?!video-facade(?:-play|-title)?")/i,
    );
  });
});

describe('limits', () => {
  it('refuses a body over the size limit, and logs it with the slug', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = sanitizeArticleHtml(`<p>${'á'.repeat(MAX_BODY_BYTES / 2)}</p>`, 'enorme');
    expect(result).toEqual({ refused: 'too-large' });
    expect(JSON.parse(String(errors.mock.calls[0]![0]))).toMatchObject({ event: 'article_body_too_large', slug: 'enorme' });
  });

  it('accepts a body just under the limit', () => {
    const html = `<p>${'a'.repeat(MAX_BODY_BYTES - 10)}</p>`;
    expect(clean(html)).toBe(html);
  });
});

describe('bodies that cost a parser far more than their size', () => {
  const refused = COSTLY_BODIES.filter((body) => body.outcome === 'refused');
  const served = COSTLY_BODIES.filter((body) => body.outcome === 'served');
  const elementsIn = (html: string) => html.match(/<[a-z][a-z0-9]*/g)?.length ?? 0;

  it.each(refused.map((body) => [body.name, body.html]))('refuses %s, logged with the slug', (_, html) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(MAX_BODY_BYTES - Buffer.byteLength(html)).toBeGreaterThanOrEqual(0);
    expect(sanitizeArticleHtml(html, 'custoso')).toEqual({
      refused: 'too-complex',
      limit: expect.stringMatching(/^(elements|attributes)$/),
    });
    expect(JSON.parse(String(errors.mock.calls[0]![0]))).toMatchObject({ event: 'article_body_too_complex', slug: 'custoso' });
  });

  it.each(refused.map((body) => [body.name, body.html]))('stops parsing %s at a limit, whatever follows', (_, html) => {
    let stopped: unknown;
    try {
      parseBody(html);
    } catch (error) {
      stopped = error;
    }
    expect(stopped).toBeInstanceOf(BodyTooComplexError);
  });

  it.each(served.map((body) => [body.name, body.html]))('serves %s: within the limits, its output no larger than it', (_, html) => {
    const out = clean(html);
    expect(elementsIn(out)).toBeLessThanOrEqual(MAX_BODY_ELEMENTS);
    expect(out.length).toBeLessThan(html.length * 1.2);
    expect(readBody(out).html).toBe(out);
  });

  it('builds at most the limits of elements and attributes, counting the copies of formatting elements left open', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const outcome = (html: string) => {
      const result = sanitizeArticleHtml(html, 'no-limite');
      return 'refused' in result ? result : 'served';
    };
    // Nine <b> left open, each with its own title (a parser keeps at most three identical ones open).
    const open = `<p>${Array.from({ length: 9 }, (_, i) => `<b title=${i}>`).join('')}`;
    // 1 <p> + 9 <b> + 999 × (1 <p> + 9 copies) = 10,000 elements, with 9 + 999 × 9 = 9,000 attributes.
    expect(outcome(`${open}${'<p>x'.repeat(999)}`)).toBe('served');
    // One block more: 10,010 elements.
    expect(outcome(`${open}${'<p>x'.repeat(1000)}`)).toEqual({ refused: 'too-complex', limit: 'elements' });
    // One <b> with ten attributes, copied in each of 1,000 paragraphs: 10,010 attributes on 2,002 elements.
    const attributes = Array.from({ length: 10 }, (_, i) => ` a${i}`).join('');
    expect(outcome(`<p><b${attributes}>${'<p>x'.repeat(1000)}`)).toEqual({ refused: 'too-complex', limit: 'attributes' });
    expect(outcome(`<p><b${attributes}>${'<p>x'.repeat(998)}`)).toBe('served');
    expect([MAX_BODY_ELEMENTS, MAX_BODY_ATTRIBUTES]).toEqual([10_000, 10_000]);
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it('keeps a refusal, and logs it on every request', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = refused[0]!.html;
    const first = sanitizeArticleHtml(html, 'de-novo');
    expect(sanitizeArticleHtml(html, 'de-novo')).toBe(first);
    expect(errors).toHaveBeenCalledTimes(2);
  });
});

describe('bodies sanitized again', () => {
  it('give the same result, for as many bodies as an isolate keeps and more', () => {
    const body = (i: number) => `<p onclick="x()">corpo ${i}</p><script>alert(${i})</script>`;
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 40; i++) expect(clean(body(i))).toBe(`<p>corpo ${i}</p>`);
    }
  });
});

describe('video embeds', () => {
  const ID = 'M7lc1UVf-VE';
  const facade = (title: string) =>
    `<a class="video-facade" href="https://www.youtube-nocookie.com/embed/${ID}" aria-label="Assistir ao vídeo: ${title}">` +
    `<span class="video-facade-play" aria-hidden="true"></span><span class="video-facade-title">${title}</span></a>`;

  it("serves a privacy-enhanced YouTube video as the site's own facade: a link to its player, with its title", () => {
    expect(clean(`<p>a</p><iframe src="https://www.youtube-nocookie.com/embed/${ID}" title="Como medir a cozinha"></iframe>`)).toBe(
      `<p>a</p>${facade('Como medir a cozinha')}`,
    );
  });

  it("keeps nothing of the editor's embed but its id and title", () => {
    const out = clean(
      `<iframe src="https://www.youtube-nocookie.com/embed/${ID}?autoplay=1&amp;start=30#t=5" title="Vídeo" allow="camera; microphone" ` +
        'referrerpolicy="unsafe-url" loading="eager" width="560" height="315" allowfullscreen lang="en" name="x" sandbox="allow-scripts" onload="x()"></iframe>',
    );
    expect(out).toBe(facade('Vídeo'));
  });

  it('always gives it a title, with spaces as a reader sees them, escaped', () => {
    const src = `https://www.youtube-nocookie.com/embed/${ID}`;
    expect(clean(`<iframe src="${src}" title=" "></iframe>`)).toBe(facade('Vídeo'));
    expect(clean(`<iframe src="${src}"></iframe>`)).toBe(facade('Vídeo'));
    expect(clean(`<iframe src="${src}" title="  A &quot;cozinha&quot;\n  &lt;nova&gt; "></iframe>`)).toBe(
      `<a class="video-facade" href="${src}" aria-label="Assistir ao vídeo: A &quot;cozinha&quot; &lt;nova&gt;">` +
        '<span class="video-facade-play" aria-hidden="true"></span><span class="video-facade-title">A "cozinha" &lt;nova&gt;</span></a>',
    );
  });

  it('serves the same facade when it sanitizes its own output again, with nothing to report', () => {
    const once = clean(`<p>antes</p><iframe src="https://www.youtube-nocookie.com/embed/${ID}" title="Vídeo &amp; obra"></iframe>`);
    expect(readBody(once).html).toBe(once);
    expect(readBody(once, { report: true }).findings).toEqual([]);
  });

  it('removes a video inside a link (the facade is a link: links cannot nest)', () => {
    expect(clean(`<p><a href="/x">veja <iframe src="https://www.youtube-nocookie.com/embed/${ID}" title="Vídeo"></iframe></a></p>`)).toBe(
      '<p><a href="/x">veja </a></p>',
    );
  });

  it('draws a facade written by hand again, from its id and title alone', () => {
    expect(
      clean(
        `<a class="video-facade" href="https://www.youtube-nocookie.com/embed/${ID}" aria-label="Assistir ao vídeo: Vídeo" onclick="x()" style="x">` +
          '<span class="video-facade-title"><img src=x onerror=alert(1)>Outro</span><script>alert(1)</script></a>',
      ),
    ).toBe(facade('Vídeo'));
  });

  it.each([
    'https://www.youtube.com/embed/M7lc1UVf-VE',
    'https://evil.example/embed/M7lc1UVf-VE',
    'https://www.youtube-nocookie.com/watch?v=M7lc1UVf-VE',
    'https://user@www.youtube-nocookie.com/embed/M7lc1UVf-VE',
    'http://www.youtube-nocookie.com/embed/M7lc1UVf-VE',
    'https://www.youtube-nocookie.com/embed/abc',
    'https://www.youtube-nocookie.com/embed/M7lc1UVf-VEx',
    'https://www.youtube-nocookie.com/embed/M7lc1UVf-V%20',
    'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE/',
    'https://www.youtube-nocookie.com/embed/x/M7lc1UVf-VE',
  ])('removes an iframe from %s', (src) => {
    expect(clean(`<p>a</p><iframe src="${src}" title="Vídeo"></iframe>`)).toBe('<p>a</p>');
  });
});

describe("figures with the site's own images", () => {
  const src = '/thumbnails/reforma-de-cozinha-0123456789.webp';
  const variants = (widths: [number, number][]) =>
    widths.map(([variant, real]) => `/thumbnails/reforma-de-cozinha-0123456789-${variant}w.webp ${real}w`).join(', ');
  const SIZES = 'sizes="(min-width: 800px) 720px, calc(100vw - 40px)"';

  it('keeps a figure, loads its image lazily, and offers the published variants up to its own width', () => {
    expect(
      clean(`<figure><img src="${src}" alt="Planta da cozinha" width="1000" height="600"><figcaption>Legenda</figcaption></figure>`),
    ).toBe(
      `<figure><img src="${src}" alt="Planta da cozinha" width="1000" height="600" srcset="${variants([
        [480, 480],
        [800, 800],
        [1200, 1000],
      ])}" ${SIZES} loading="lazy" decoding="async"><figcaption>Legenda</figcaption></figure>`,
    );
    expect(clean(`<img src="${src}" alt="Planta da cozinha" width="800" height="600">`)).toBe(
      `<img src="${src}" alt="Planta da cozinha" width="800" height="600" srcset="${variants([
        [480, 480],
        [800, 800],
      ])}" ${SIZES} loading="lazy" decoding="async">`,
    );
    // Without a known width, no srcset: the browser loads the published file itself.
    expect(clean(`<img src="${src}" alt="Planta da cozinha">`)).toBe(
      `<img src="${src}" alt="Planta da cozinha" loading="lazy" decoding="async">`,
    );
  });

  it('serves the same markup when it sanitizes its own output again', () => {
    const once = clean(`<figure><img src="${src}" alt="Planta da cozinha" width="1000" height="600"></figure>`);
    expect(clean(once)).toBe(once);
    expect(readBody(once, { report: true }).findings).toEqual([]);
  });

  it.each([
    ['from another site', '<img src="https://xss.invalid/x.png" alt="Uma foto de fora">'],
    ['from another host, protocol-relative', '<img src="//xss.invalid/thumbnails/casa-0123456789.webp" alt="Uma foto de fora">'],
    ['with a javascript: src', '<img src="javascript:alert(1)" alt="Uma foto qualquer">'],
    ['with a data: src', '<img src="data:image/png;base64,iVBORw0KGgo=" alt="Uma foto qualquer">'],
    ['from another path of the site', '<img src="/static/logo.webp" alt="Uma foto qualquer">'],
    ['leaving the images folder', '<img src="/thumbnails/../index/meta.json" alt="Uma foto qualquer">'],
    ["in an editor's relative path", '<img src="imagens/planta.webp" alt="Uma foto qualquer">'],
    ['without alt', `<img src="${src}">`],
    ['with a blank alt', `<img src="${src}" alt=" ">`],
    ['without src', '<img name="cookie" alt="Uma foto qualquer">'],
  ])('removes an image %s', (_, img) => {
    expect(clean(`<figure>${img}<figcaption>Legenda</figcaption></figure>`)).toBe('<figure><figcaption>Legenda</figcaption></figure>');
  });

  it('removes what an image may not carry: srcset and sizes of its own, name, id, class, handlers, bad sizes', () => {
    expect(
      clean(
        `<img src="${src}" alt="Planta da cozinha" srcset="https://xss.invalid/x.png 2x" sizes="1px" name="cookie" id="cookie" class="adsbygoogle" onerror="alert(1)" loading="eager" usemap="#m" width="100%" height="600">`,
      ),
    ).toBe(`<img src="${src}" alt="Planta da cozinha" height="600" loading="lazy" decoding="async">`);
  });

  it('removes what a figure and its caption may not carry', () => {
    expect(
      clean('<figure id="x" class="k" onclick="alert(1)"><figcaption style="display:none" name="y">Legenda</figcaption></figure>'),
    ).toBe('<figure><figcaption>Legenda</figcaption></figure>');
  });
});
