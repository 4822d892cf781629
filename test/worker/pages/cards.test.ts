import { parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { renderCards } from '#src/components/cards/render-cards.tsx';
import { type NewsEntry, parseNewsItem } from '#src/content/schema/news-item.ts';
import { attr, newsItem, queryAll, textContent } from '../helpers';

const entry = (slug: string, overrides = {}) => parseNewsItem(newsItem(slug, overrides)) as NewsEntry;
const entries = (count: number) => Array.from({ length: count }, (_, i) => entry(`noticia-${i}`));

/** Each card's image loading, as "eager+high", "eager" or "lazy". */
function loadingOf(html: string): string[] {
  return queryAll(parseFragment(html), 'img').map(
    (image) => `${attr(image, 'loading')}${attr(image, 'fetchpriority') === 'high' ? '+high' : ''}`,
  );
}

describe('cards rendered ahead of the page', () => {
  it('a list at the top of its page: the first image first, the rest of the first row at once, the others lazily', () => {
    const cards = renderCards(entries(5), 'top');
    expect(cards.count).toBe(5);
    expect(loadingOf(cards.html)).toEqual(['eager+high', 'eager', 'eager', 'lazy', 'lazy']);
  });

  it('a list under other content: every image lazily', () => {
    expect(loadingOf(renderCards(entries(4), 'below').html)).toEqual(['lazy', 'lazy', 'lazy', 'lazy']);
  });

  it('one card per entry, in order, with its link and title', () => {
    const list = entries(3);
    const fragment = parseFragment(renderCards(list, 'below').html);
    const titles = queryAll(fragment, 'article.card h3 a');
    expect(titles.map((link) => attr(link, 'href'))).toEqual(list.map((item) => `/noticia/${item.slug}`));
    expect(titles.map(textContent)).toEqual(list.map((item) => item.titulo));
  });

  it('escapes what an entry says, like any React render', () => {
    const hostile = entry('titulo-hostil', { titulo: 'Uma <script>alert(1)</script> & "aspas" no título' });
    const { html } = renderCards([hostile], 'below');
    expect(html).not.toContain('<script>');
    const fragment = parseFragment(html);
    expect(queryAll(fragment, 'script')).toEqual([]);
    expect(textContent(queryAll(fragment, 'h3 a')[0]!)).toBe(hostile.titulo);
  });

  it('an empty list renders nothing', () => {
    expect(renderCards([], 'top')).toEqual({ count: 0, html: '' });
  });
});
