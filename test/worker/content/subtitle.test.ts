import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attr, clearKv, documentOf, fetchPath, newsItem, pageDocument, publishWithBodies, query, queryAll, textContent } from '../helpers';

/**
 * `subtitulo`: a line under the title on the article page, and nowhere else
 * (not on cards, not in the page's description). The field is one entry of the
 * schema (src/content/schema/article-schema.ts), so the check and the reader know it.
 */
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(clearKv);
afterEach(() => vi.restoreAllMocks());

const SUBTITLE = 'Sistemas industrializados encurtam a obra e reduzem o carbono';

const publish = publishWithBodies;
const page = pageDocument;

describe('subtitulo', () => {
  it('shows under the title of its article, not on cards nor in the description; absent, the header is as before', async () => {
    await publish(
      newsItem('com-subtitulo', { titulo: 'Casas de madeira voltam a crescer no Sul', data: '2025-05-02', subtitulo: SUBTITLE }),
      newsItem('sem-subtitulo', { data: '2025-05-01' }),
    );
    const html = await (await fetchPath('/noticia/com-subtitulo')).text();
    expect(html).toContain(`</h1><p class="article-subtitle">${SUBTITLE}</p>`);
    const article = await page('/noticia/com-subtitulo');
    expect(textContent(query(query(article, 'header.article-header'), 'p.article-subtitle'))).toBe(SUBTITLE);
    expect(attr(query(article, 'meta[name="description"]'), 'content')).not.toContain(SUBTITLE);
    expect(textContent(query(await page('/'), '#postagens'))).not.toContain(SUBTITLE);
    expect(queryAll(await page('/noticia/sem-subtitulo'), '.article-subtitle')).toHaveLength(0);
  });

  it('stored out of its limits, it is left out and the article still shows', async () => {
    await publish(newsItem('subtitulo-curto', { subtitulo: 'Curto' }));
    const response = await fetchPath('/noticia/subtitulo-curto');
    expect(response.status).toBe(200);
    expect(queryAll(await documentOf(response), '.article-subtitle')).toHaveLength(0);
  });

  it('is text, never markup', async () => {
    await publish(newsItem('subtitulo-hostil', { subtitulo: '<img src=x onerror=alert(1)> e mais texto' }));
    const html = await (await fetchPath('/noticia/subtitulo-hostil')).text();
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; e mais texto');
    expect(html).not.toContain('<img src=x');
  });
});
