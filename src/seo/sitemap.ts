import type { NewsItem } from '../content/schema/news-item';
import { updatedIso } from '../content/schema/updated';
import { escapeXml } from '../lib/escape-xml';
import { institutionalPages, LATEST_PAGE_TEXT } from '../pages/institutional/table';
import type { SiteConfig } from '../site/config';
import { absoluteUrl, articlePath, ROUTES, sitemapPartPath, TOOL_PATHS } from './urls';

const URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
const NEWS_URLSET =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/**
 * A sitemaps.org urlset: the given articles (each dated by when it was last
 * corrected, else published; a time carries the site's offset), and (in the first file) the home
 * page, dated by the newest article (by the site's own texts while there is
 * none), the institutional pages and the reader's tools (undated: their
 * figures are computed, not written). Every value is escaped, although the
 * store has checked them: the XML stays well formed whatever a stored index holds.
 */
export function sitemapXml(
  site: SiteConfig,
  articles: readonly [slug: string, date: string][],
  home: { newest: string | undefined } | null,
  /** Paths of the author and theme pages, with no date: a list changes whenever one of its articles does. */
  lists: readonly string[] = [],
): string {
  const urls: { path: string; lastmod?: string }[] = [
    ...(home ? [{ path: ROUTES.home, lastmod: home.newest ?? LATEST_PAGE_TEXT }] : []),
    ...articles.map(([slug, date]) => ({ path: articlePath({ slug }), lastmod: updatedIso(date) })),
    ...(home ? [...institutionalPages, ...TOOL_PATHS.map((path) => ({ path }))] : []),
    ...lists.map((path) => ({ path })),
  ];
  const entries = urls
    .map(
      ({ path, lastmod }) =>
        `<url><loc>${escapeXml(absoluteUrl(site, path))}</loc>${lastmod === undefined ? '' : `<lastmod>${escapeXml(lastmod)}</lastmod>`}</url>`,
    )
    .join('\n');
  return `${XML_DECLARATION}\n${URLSET}\n${entries}\n</urlset>\n`;
}

/**
 * A sitemap index naming each part (sitemaps.org: at most 50,000 URLs per
 * file), then the news sitemap, so a crawler given the index finds it too.
 */
export function sitemapIndexXml(site: SiteConfig, parts: number): string {
  const paths = [...Array.from({ length: parts }, (_, n) => sitemapPartPath(n)), ROUTES.newsSitemap];
  const entries = paths.map((path) => `<sitemap><loc>${escapeXml(absoluteUrl(site, path))}</loc></sitemap>`).join('\n');
  return `${XML_DECLARATION}\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

/** Google News: a news sitemap lists the articles of the last two days, at most 1,000. */
export const NEWS_SITEMAP_WINDOW_MS = 48 * 60 * 60 * 1000;
export const NEWS_SITEMAP_MAX_URLS = 1_000;
/** The publication's language for Google News: ISO 639 (`pt`, not `pt-BR`). */
const NEWS_LANGUAGE = 'pt';

/**
 * A Google News sitemap (https://www.google.com/schemas/sitemap-news/0.9):
 * each article with the publication, its title and its publication date,
 * given as `data` says it: a day and a time with the site's offset
 * (`2025-05-03T14:30:00-03:00`), or the day alone (`2025-05-03`, the W3C form
 * Google also takes), as no time was written. No articles: an empty urlset,
 * still valid. Every value is escaped.
 */
export function newsSitemapXml(site: SiteConfig, articles: readonly Pick<NewsItem, 'slug' | 'titulo' | 'data'>[]): string {
  const publication = `<news:publication><news:name>${escapeXml(site.name)}</news:name><news:language>${NEWS_LANGUAGE}</news:language></news:publication>`;
  const entries = articles.map(
    (item) =>
      `<url><loc>${escapeXml(absoluteUrl(site, articlePath(item)))}</loc><news:news>${publication}` +
      `<news:publication_date>${escapeXml(updatedIso(item.data))}</news:publication_date>` +
      `<news:title>${escapeXml(item.titulo)}</news:title></news:news></url>\n`,
  );
  return `${XML_DECLARATION}\n${NEWS_URLSET}\n${entries.join('')}</urlset>\n`;
}

/** Allows everything and names both sitemaps. */
export function robotsTxt(site: SiteConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(site, ROUTES.sitemap)}\nSitemap: ${absoluteUrl(site, ROUTES.newsSitemap)}\n`;
}
