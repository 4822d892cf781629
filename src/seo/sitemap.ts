import type { SiteConfig } from '../config';
import { updatedIso } from '../content/updated';
import { escapeXml } from '../lib/escape-xml';
import { institutionalPages, LATEST_PAGE_TEXT } from '../pages/institutional';
import { absoluteUrl, articlePath, ROUTES, sitemapPartPath } from './urls';

const URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/**
 * A sitemaps.org urlset: the given articles (each dated by when it was last
 * corrected, else published; a time carries the site's offset), and (in the first file) the home
 * page, dated by the newest article (by the site's own texts while there is
 * none), and the institutional pages. Every value is escaped, although the
 * store has checked them: the XML stays well formed whatever a stored index holds.
 */
export function sitemapXml(
  site: SiteConfig,
  articles: readonly [slug: string, date: string][],
  home: { newest: string | undefined } | null,
): string {
  const urls = [
    ...(home ? [{ path: ROUTES.home, lastmod: home.newest ?? LATEST_PAGE_TEXT }] : []),
    ...articles.map(([slug, date]) => ({ path: articlePath({ slug }), lastmod: updatedIso(date) })),
    ...(home ? institutionalPages : []),
  ];
  const entries = urls
    .map(({ path, lastmod }) => `<url><loc>${escapeXml(absoluteUrl(site, path))}</loc><lastmod>${escapeXml(lastmod)}</lastmod></url>`)
    .join('\n');
  return `${XML_DECLARATION}\n${URLSET}\n${entries}\n</urlset>\n`;
}

/** A sitemap index naming each part (sitemaps.org: at most 50,000 URLs per file). */
export function sitemapIndexXml(site: SiteConfig, parts: number): string {
  const entries = Array.from(
    { length: parts },
    (_, n) => `<sitemap><loc>${escapeXml(absoluteUrl(site, sitemapPartPath(n)))}</loc></sitemap>`,
  ).join('\n');
  return `${XML_DECLARATION}\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

export function robotsTxt(site: SiteConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(site, ROUTES.sitemap)}\n`;
}
