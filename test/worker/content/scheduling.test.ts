import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseIndexMeta } from '#src/content/index/index-parse.ts';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { INDEX_META_KEY, type IndexMetaFile } from '#src/content/index/news-index.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import { clearKv, fetchPath, indexOf, newsItem, putIndex, textOf } from '../helpers';

/**
 * An article whose `data` is still to come is published to KV but shown
 * nowhere until that moment, with no second publish: the index's meta lists
 * the scheduled times, and every read counts them out while they are ahead.
 */
afterEach(clearKv);
afterEach(() => vi.useRealTimers());

const ORIGIN = 'http://localhost:8787';
/** When the index is built (the publish), and the scheduled article's moment, 08:30 in São Paulo (11:30 UTC). */
const PUBLISHED_AT = Date.UTC(2025, 11, 9, 12);
const SCHEDULED_AT = Date.UTC(2025, 11, 10, 11, 30);

/** 25 past articles (the first newest) and one scheduled for 2025-12-10 08:30. */
const PAST = Array.from({ length: 25 }, (_, i) =>
  newsItem(`passado-${i + 1}`, { data: new Date(Date.UTC(2025, 10, 30) - i * 86_400_000).toISOString().slice(0, 10) }),
);
const FUTURE = newsItem('agendado', { titulo: 'Artigo agendado para amanhã', data: '2025-12-10T08:30' });

async function publishAt(now: number, items: NewsItem[]): Promise<void> {
  await putIndex(await indexOf(items, now));
  await Promise.all(items.map((item) => env.NEWS.put(item.htmlPath, '<p>Corpo do artigo.</p>')));
}

/** Sets the clock every page reads and forgets the per-isolate index, as its 60 s would. */
function at(time: number): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(time);
  forgetLiveIndex();
}

const cardsOf = (html: string) => [...html.matchAll(/<h3 class="card-title"><a href="\/noticia\/([^"]+)"/g)].map((m) => m[1]);
const text = async (path: string) => textOf(await fetchPath(path));

describe('a scheduled article', () => {
  it('the meta lists its time, as built at publish', async () => {
    const meta = JSON.parse((await indexOf([...PAST, FUTURE], PUBLISHED_AT)).get(INDEX_META_KEY)!) as IndexMetaFile;
    expect(meta.scheduled).toEqual([SCHEDULED_AT]);
    expect(parseIndexMeta(JSON.stringify(meta)).scheduled).toEqual([SCHEDULED_AT]);
    // Built after its time, it is an ordinary article.
    expect(JSON.parse((await indexOf([...PAST, FUTURE], SCHEDULED_AT)).get(INDEX_META_KEY)!)).not.toHaveProperty('scheduled');
  });

  it('is shown nowhere before its time: home, pages, article, feed, sitemap', async () => {
    await publishAt(PUBLISHED_AT, [...PAST, FUTURE]);
    at(SCHEDULED_AT - 60_000);
    const home = await text('/');
    expect(cardsOf(home)).not.toContain('agendado');
    expect(cardsOf(home)[0]).toBe('passado-1');
    expect(home).toContain('Página 1 de 2');
    expect(cardsOf(await text('/pagina/2'))).toEqual(['passado-25']);
    expect((await fetchPath('/noticia/agendado')).status).toBe(404);
    expect(await text('/feed.xml')).not.toContain('agendado');
    const sitemap = await text('/sitemap.xml');
    expect(sitemap).not.toContain('agendado');
    expect(sitemap).toContain(`<loc>${ORIGIN}/noticia/passado-25</loc>`);
    for (const n of [1, 2, 3, 4, 5, 25]) expect(await text(`/noticia/passado-${n}`)).not.toContain('/noticia/agendado');
  });

  it('shows everywhere once its time passes, with its time in the feed, the sitemap and the JSON-LD', async () => {
    await publishAt(PUBLISHED_AT, [...PAST, FUTURE]);
    at(SCHEDULED_AT);
    const home = await text('/');
    expect(cardsOf(home)[0]).toBe('agendado');
    expect(home).toContain('<time dateTime="2025-12-10T08:30:00-03:00">10/12/2025</time>');
    expect(cardsOf(await text('/pagina/2'))).toEqual(['passado-24', 'passado-25']);
    const article = await fetchPath('/noticia/agendado');
    expect(article.status).toBe(200);
    const html = await article.text();
    expect(html).toContain('"datePublished":"2025-12-10T08:30:00-03:00"');
    expect(html).toContain('<meta property="article:published_time" content="2025-12-10T08:30:00-03:00"/>');
    expect(html).toMatch(/<time dateTime="2025-12-10T08:30:00-03:00">10 de dezembro de 2025<\/time>/);
    const feed = await text('/feed.xml');
    expect(feed).toContain(
      `<item><title>Artigo agendado para amanhã</title><link>${ORIGIN}/noticia/agendado</link><guid isPermaLink="true">${ORIGIN}/noticia/agendado</guid>`,
    );
    expect(feed).toContain('<pubDate>Wed, 10 Dec 2025 11:30:00 GMT</pubDate>');
    const sitemap = await text('/sitemap.xml');
    expect(sitemap).toContain(`<loc>${ORIGIN}/noticia/agendado</loc><lastmod>2025-12-10T08:30:00-03:00</lastmod>`);
    expect(sitemap).toContain(`<loc>${ORIGIN}/</loc><lastmod>2025-12-10T08:30:00-03:00</lastmod>`);
  });

  it('is left out of the related picks until its time', async () => {
    // Five articles: every other one is among each article's four related picks.
    const few = [...PAST.slice(0, 4), FUTURE];
    await publishAt(PUBLISHED_AT, few);
    at(SCHEDULED_AT - 1);
    expect(await text('/noticia/passado-1')).not.toContain('href="/noticia/agendado"');
    at(SCHEDULED_AT);
    expect(await text('/noticia/passado-1')).toContain('href="/noticia/agendado"');
  });
});
