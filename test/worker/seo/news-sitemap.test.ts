import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { CHUNK_SIZE } from '#src/content/index/news-index.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import { clearKv, countingKv, fetchPath, fetchWithEnv, indexOf, newsItem, ORIGIN, putIndex } from '../helpers';

/**
 * `/sitemap-news.xml` (Google News): the articles published in the last 48
 * hours, newest first, at most 1,000, read from the newest chunks only.
 */
afterEach(clearKv);
afterEach(() => vi.useRealTimers());

const HOUR = 3_600_000;
/** "Now" in these tests: 2025-12-10 12:00 in São Paulo (15:00 UTC). */
const NOW = Date.UTC(2025, 11, 10, 15);
const NEWS_URLSET =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">';
const PUBLICATION = '<news:publication><news:name>Casa em Pauta</news:name><news:language>pt</news:language></news:publication>';

/** Publishes a list as the publish command would at `builtAt`, and sets the clock every page reads to `now`. */
async function publishAt(items: NewsItem[], builtAt: number, now = builtAt): Promise<void> {
  await putIndex(await indexOf(items, builtAt));
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  forgetLiveIndex();
}

const newsXml = async () => (await fetchPath('/sitemap-news.xml')).text();
const slugsOf = (xml: string) => [...xml.matchAll(/<loc>[^<]*\/noticia\/([^<]+)<\/loc>/g)].map((match) => match[1]);

/** A São Paulo wall-clock time `hours` before NOW (UTC−3), as `data` writes it. */
const hoursAgo = (hours: number) => new Date(NOW - hours * HOUR - 3 * HOUR).toISOString().slice(0, 16);

describe('/sitemap-news.xml', () => {
  const window = [
    newsItem('recente', { data: hoursAgo(0.5), titulo: 'Casa & jardim <novo>' }),
    newsItem('ontem', { data: hoursAgo(27) }),
    newsItem('so-o-dia', { data: '2025-12-09' }), // 00:00 in São Paulo: 36 hours before NOW
    newsItem('quase-dois-dias', { data: hoursAgo(47.9) }),
    newsItem('dois-dias-e-pouco', { data: hoursAgo(48.1) }),
    newsItem('antigo', { data: '2025-11-20' }),
  ];
  const scheduled = newsItem('agendado', { data: '2025-12-10T18:00' });

  it('lists the articles of the last 48 hours, newest first, with the news fields, escaped', async () => {
    await publishAt([...window, scheduled], NOW);
    const response = await fetchPath('/sitemap-news.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml.startsWith(`<?xml version="1.0" encoding="UTF-8"?>\n${NEWS_URLSET}\n`)).toBe(true);
    expect(xml.endsWith('</urlset>\n')).toBe(true);
    expect(slugsOf(xml)).toEqual(['recente', 'ontem', 'so-o-dia', 'quase-dois-dias']);
    expect(xml).toContain(
      `<url><loc>${ORIGIN}/noticia/recente</loc><news:news>${PUBLICATION}` +
        `<news:publication_date>2025-12-10T11:30:00-03:00</news:publication_date>` +
        '<news:title>Casa &#38; jardim &#60;novo&#62;</news:title></news:news></url>',
    );
    // A `data` without a time gives the day alone: no time is made up.
    expect(xml).toContain('<news:publication_date>2025-12-09</news:publication_date>');
  });

  it('leaves a scheduled article out until its time, then lists it first', async () => {
    await publishAt([...window, scheduled], NOW);
    expect(await newsXml()).not.toContain('agendado');
    vi.setSystemTime(Date.UTC(2025, 11, 10, 21));
    forgetLiveIndex();
    const xml = await newsXml();
    expect(slugsOf(xml)[0]).toBe('agendado');
    expect(xml).toContain('<news:publication_date>2025-12-10T18:00:00-03:00</news:publication_date>');
  });

  it('drops an article 48 hours after its publication', async () => {
    await publishAt(window, NOW, NOW + 0.2 * HOUR);
    expect(slugsOf(await newsXml())).toEqual(['recente', 'ontem', 'so-o-dia']);
  });

  it('is a valid empty urlset when nothing is that recent', async () => {
    await publishAt([newsItem('antigo', { data: '2025-11-20' })], NOW);
    expect(await newsXml()).toBe(`<?xml version="1.0" encoding="UTF-8"?>\n${NEWS_URLSET}\n</urlset>\n`);
  });

  it('is cached briefly, more briefly than the other sitemaps', async () => {
    await publishAt(window, NOW);
    const news = await fetchPath('/sitemap-news.xml');
    expect(news.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60, stale-while-revalidate=60');
    const sitemap = await fetchPath('/sitemap.xml');
    expect(sitemap.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=120, stale-while-revalidate=86400');
  });
});

const pageReads = (reads: string[]) => reads.filter((key) => key.startsWith('index/pages/'));

describe('reads', () => {
  it('only the newest chunks, until an article is older than 48 hours, whatever the archive size', async () => {
    // 5,001 articles, one an hour up to NOW: the newest 49 (0 to 48 hours old, both ends included) are in the window.
    const items = Array.from({ length: 5_001 }, (_, i) => newsItem(`artigo-${i}`, { data: hoursAgo(5_000 - i) }));
    await publishAt(items, NOW);
    const reads: string[] = [];
    const response = await fetchWithEnv('/sitemap-news.xml', { NEWS: countingKv(reads) });
    const slugs = slugsOf(await response.text());
    expect(slugs).toHaveLength(49);
    expect(slugs[0]).toBe('artigo-5000');
    expect(slugs.at(-1)).toBe('artigo-4952');
    // 5,001 = 208 full chunks + 9: the 9 newest, then 24, then the chunk holding the 50th newest (older than 48 h).
    expect(pageReads(reads)).toHaveLength(3);
    expect(reads.filter((key) => !key.startsWith('index/pages/'))).toEqual(['index/meta.json']);
  });

  it('at most 1,000 articles, newest first, from the chunks that hold them', async () => {
    // 1,200 articles a minute apart: all within 48 hours.
    const items = Array.from({ length: 1_200 }, (_, i) =>
      newsItem(`minuto-${i}`, { data: new Date(NOW - (1_199 - i) * 60_000 - 3 * HOUR).toISOString().slice(0, 16) }),
    );
    await publishAt(items, NOW);
    const reads: string[] = [];
    const slugs = slugsOf(await (await fetchWithEnv('/sitemap-news.xml', { NEWS: countingKv(reads) })).text());
    expect(slugs).toHaveLength(1_000);
    expect(slugs[0]).toBe('minuto-1199');
    expect(slugs.at(-1)).toBe('minuto-200');
    expect(pageReads(reads).length).toBeLessThanOrEqual(Math.ceil(1_000 / CHUNK_SIZE) + 1);
  });
});

describe('where crawlers find it', () => {
  it('robots.txt names it', async () => {
    expect(await (await fetchPath('/robots.txt')).text()).toContain(`Sitemap: ${ORIGIN}/sitemap-news.xml\n`);
  });

  it('the sitemap index names it, after the parts', async () => {
    const items = Array.from({ length: 5_001 }, (_, i) => newsItem(`artigo-${i}`, { data: hoursAgo(5_000 - i) }));
    await publishAt(items, NOW);
    const index = await (await fetchPath('/sitemap.xml')).text();
    expect([...index.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((match) => match[1])).toEqual([
      `${ORIGIN}/sitemaps/0.xml`,
      `${ORIGIN}/sitemaps/1.xml`,
      `${ORIGIN}/sitemap-news.xml`,
    ]);
  });
});
