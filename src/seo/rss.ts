import type { NewsEntry } from '../content/schema/news-item';
import { siteInstantOf } from '../content/schema/updated';
import { escapeXml } from '../lib/escape-xml';
import type { SiteConfig } from '../site/config';
import { absoluteUrl, articlePath, FEED_PATH } from './urls';

/** How many of the latest articles the feed carries. */
export const FEED_SIZE = 20;

/**
 * An item's date: when it was last corrected (`atualizado`), else its
 * publication date (`data`). A calendar day is taken at noon UTC, so it reads
 * as the same day in Brazil's time zones; a time is São Paulo's.
 */
const instantOf = (entry: NewsEntry): number => siteInstantOf(entry.atualizado ?? entry.data) ?? siteInstantOf(entry.data) ?? 0;

/** RFC 822 date for RSS. */
const rfc822 = (instant: number) => new Date(instant).toUTCString();

/**
 * RSS 2.0 of the latest articles (given newest first), each with the name of
 * its author (`creators`, in the same order) as Dublin Core's creator; every
 * value escaped, dates included.
 */
export function rssXml(site: SiteConfig, latest: readonly NewsEntry[], creators: readonly string[] = []): string {
  const entries = latest
    .map((entry, i) => {
      const url = escapeXml(absoluteUrl(site, articlePath(entry)));
      return [
        '<item>',
        `<title>${escapeXml(entry.titulo)}</title>`,
        `<link>${url}</link>`,
        `<guid isPermaLink="true">${url}</guid>`,
        `<description>${escapeXml(entry.descricao)}</description>`,
        `<pubDate>${escapeXml(rfc822(instantOf(entry)))}</pubDate>`,
        creators[i] === undefined ? '' : `<dc:creator>${escapeXml(creators[i])}</dc:creator>`,
        '</item>',
      ].join('');
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
<title>${escapeXml(site.name)}</title>
<link>${escapeXml(absoluteUrl(site, '/'))}</link>
<description>${escapeXml(site.tagline)}</description>
<language>pt-BR</language>
<atom:link href="${escapeXml(absoluteUrl(site, FEED_PATH))}" rel="self" type="application/rss+xml"/>
${latest.length > 0 ? `<lastBuildDate>${escapeXml(rfc822(Math.max(...latest.map(instantOf))))}</lastBuildDate>\n` : ''}${entries}
</channel>
</rss>
`;
}
