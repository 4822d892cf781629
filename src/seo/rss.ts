import type { SiteConfig } from '../config';
import type { NewsEntry } from '../content/news-item';
import { escapeXml } from '../lib/escape-xml';
import { absoluteUrl, articlePath, FEED_PATH } from './urls';

/** How many of the latest articles the feed carries. */
export const FEED_SIZE = 20;

/**
 * RFC 822 date for RSS. A calendar date is published at noon UTC, so it reads
 * as the same day in Brazil's time zones.
 */
function rfc822(entry: NewsEntry): string {
  const [year, month, day] = entry.data.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!, 12)).toUTCString();
}

/** RSS 2.0 of the latest articles (given newest first); every value escaped, dates included. */
export function rssXml(site: SiteConfig, latest: readonly NewsEntry[]): string {
  const entries = latest
    .map((entry) => {
      const url = escapeXml(absoluteUrl(site, articlePath(entry)));
      return [
        '<item>',
        `<title>${escapeXml(entry.titulo)}</title>`,
        `<link>${url}</link>`,
        `<guid isPermaLink="true">${url}</guid>`,
        `<description>${escapeXml(entry.descricao)}</description>`,
        `<pubDate>${escapeXml(rfc822(entry))}</pubDate>`,
        '</item>',
      ].join('');
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${escapeXml(site.name)}</title>
<link>${escapeXml(absoluteUrl(site, '/'))}</link>
<description>${escapeXml(site.tagline)}</description>
<language>pt-BR</language>
<atom:link href="${escapeXml(absoluteUrl(site, FEED_PATH))}" rel="self" type="application/rss+xml"/>
${latest[0] ? `<lastBuildDate>${escapeXml(rfc822(latest[0]))}</lastBuildDate>\n` : ''}${entries}
</channel>
</rss>
`;
}
