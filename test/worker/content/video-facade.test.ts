import { env } from 'cloudflare:test';
import type { DefaultTreeAdapterTypes as Html } from 'parse5';
import { beforeEach, describe, expect, it } from 'vitest';
import { attr, clearKv, documentOf, fetchPath, newsItem, ORIGIN, publishList, query, queryAll, textContent } from '../helpers';

/**
 * An article's video, as a reader gets it: the site's own facade, a link to
 * the privacy-enhanced player drawn by the stylesheet, which makes the page
 * ask nothing of YouTube (or any other host) before the reader clicks it.
 */
const SAMPLE = '/noticia/reforma-de-cozinha-planejamento-e-custos';
const SAMPLE_TITLE = 'Vídeo: a ordem das etapas de uma reforma de cozinha';
const PLAYER = 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE';

/** Publishes one article whose stored body is `body`, as if it reached KV without the check. */
async function storeArticle(slug: string, body: string): Promise<void> {
  const item = newsItem(slug);
  await publishList([item, newsItem(`${slug}-outra`)]);
  await env.NEWS.put(item.htmlPath, body);
}

/** The article's body as served: the markup inside its wrapper (bodies never contain a <div>). */
function bodyOf(page: string): string {
  const start = page.indexOf('article-body">');
  expect(start).toBeGreaterThan(-1);
  return page.slice(start, page.indexOf('</div>', start));
}

/** Every element of a document, in order. */
function elements(node: Html.ParentNode): Html.Element[] {
  return node.childNodes.filter((child): child is Html.Element => 'tagName' in child).flatMap((child) => [child, ...elements(child)]);
}

/** The origin of every address a browser requests from the page's markup by itself: src, srcset, poster, data, and a <link>'s href. */
function requestedUrls(page: Html.Document): string[] {
  const urls: string[] = [];
  for (const element of elements(page)) {
    for (const name of ['src', 'poster', 'data']) {
      const value = attr(element, name);
      if (value !== undefined) urls.push(value);
    }
    const srcset = attr(element, 'srcset');
    if (srcset !== undefined) urls.push(...srcset.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!));
    const href = attr(element, 'href');
    if (element.tagName === 'link' && href !== undefined && !/\b(canonical|alternate|search)\b/.test(attr(element, 'rel') ?? ''))
      urls.push(href);
  }
  // A data: address (the tab's icon) is in the page itself: no host is asked for it.
  return urls.filter((url) => !url.startsWith('data:')).map((url) => new URL(url, `${ORIGIN}/`).origin);
}

beforeEach(clearKv);

describe('a video in an article is a facade until the reader asks for it', () => {
  it('the sample article with a video: no frame, and nothing in the markup loads from another host', async () => {
    const response = await fetchPath(SAMPLE);
    expect(response.status).toBe(200);
    const html = await response.clone().text();
    expect(html).not.toMatch(/<iframe/i);
    const page = await documentOf(response);
    expect(requestedUrls(page).length).toBeGreaterThan(3);
    expect(new Set(requestedUrls(page))).toEqual(new Set([ORIGIN]));
    // YouTube is named once: by the facade's link.
    expect(html.match(/youtube/g)).toHaveLength(1);
  });

  it("the facade is a link to the player by the video's id alone, named in pt-BR, with the title shown and the icon hidden", async () => {
    const page = await documentOf(await fetchPath(SAMPLE));
    const facades = queryAll(page, '.article-body a.video-facade');
    expect(facades).toHaveLength(1);
    const facade = facades[0]!;
    expect(attr(facade, 'href')).toBe(PLAYER);
    expect(attr(facade, 'aria-label')).toBe(`Assistir ao vídeo: ${SAMPLE_TITLE}`);
    expect(textContent(query(facade, 'span.video-facade-title'))).toBe(SAMPLE_TITLE);
    const play = query(facade, 'span.video-facade-play');
    expect(attr(play, 'aria-hidden')).toBe('true');
    expect(textContent(play)).toBe('');
    expect(facade.attrs.map((attribute) => attribute.name)).toEqual(['class', 'href', 'aria-label']);
  });

  it('what the editor wrote on the embed besides its id and title never reaches the page', async () => {
    await storeArticle(
      'video-com-ajustes',
      '<p>Antes do vídeo.</p><iframe src="https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1&amp;start=30&amp;origin=https://xss.invalid#t=5" ' +
        'title="A obra passo a passo" allow="camera; microphone; geolocation" referrerpolicy="unsafe-url" loading="eager" width="560" height="315" ' +
        'allowfullscreen sandbox="allow-scripts allow-same-origin" name="cookie" lang="en"></iframe><p>Depois do vídeo.</p>',
    );
    const response = await fetchPath('/noticia/video-com-ajustes');
    expect(response.status).toBe(200);
    const html = await response.clone().text();
    const body = bodyOf(html);
    expect(body).toContain(
      `<a class="video-facade" href="${PLAYER}" aria-label="Assistir ao vídeo: A obra passo a passo"><span class="video-facade-play" aria-hidden="true"></span><span class="video-facade-title">A obra passo a passo</span></a>`,
    );
    expect(html).not.toMatch(/<iframe/i);
    expect(body).not.toMatch(
      /camera|microphone|geolocation|unsafe-url|eager|"560"|"315"|autoplay|start=30|xss\.invalid|t=5|sandbox|allow-scripts|"cookie"|lang="en"/,
    );
    expect(new Set(requestedUrls(await documentOf(response)))).toEqual(new Set([ORIGIN]));
  });

  it('an embed whose id is not a YouTube id (11 letters, digits, - or _) is not served at all', async () => {
    await storeArticle(
      'video-invalido',
      '<p>a</p><iframe src="https://www.youtube-nocookie.com/embed/abc" title="Curto"></iframe>' +
        '<iframe src="https://www.youtube-nocookie.com/embed/M7lc1UVf-VE-x" title="Longo"></iframe>' +
        '<iframe src="https://www.youtube-nocookie.com/embed/M7lc1UVf-VE/x" title="Caminho"></iframe><p>b</p>',
    );
    const html = await (await fetchPath('/noticia/video-invalido')).text();
    expect(html).not.toMatch(/<iframe|youtube/i);
    expect(bodyOf(html)).toBe('article-body"><p>a</p><p>b</p>');
  });

  it("the CSP still lets the player's frame load on a click, from that one origin, and no inline script", async () => {
    const csp = (await fetchPath(SAMPLE)).headers.get('Content-Security-Policy')!;
    const frameSrc = csp.split(';').find((directive) => directive.trim().startsWith('frame-src'))!;
    expect(frameSrc.trim().split(/\s+/)).toContain('https://www.youtube-nocookie.com');
    expect(csp).not.toContain("'unsafe-inline'");
  });
});
