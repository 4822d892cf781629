import { articlePath } from '../components/urls';
import type { SiteConfig } from '../config';
import type { NewsItem } from '../content/news-item';
import { absoluteUrl, escapeXml } from './urls';

/** Institutional pages and the day each last changed (their texts carry these dates). */
export const STATIC_PAGES = [
  { path: '/sobre', lastmod: '2025-04-28' },
  { path: '/contato', lastmod: '2025-04-28' },
  { path: '/politica-de-privacidade', lastmod: '2025-04-28' },
  { path: '/termos', lastmod: '2025-05-11' },
] as const;

/** sitemaps.org XML: the home page, every article and every institutional page, with lastmod. */
export function sitemapXml(site: SiteConfig, items: readonly NewsItem[]): string {
  const newest = items.reduce((latest, item) => (item.data > latest ? item.data : latest), '2025-04-28');
  const urls = [
    { path: '/', lastmod: newest },
    ...items.map((item) => ({ path: articlePath(item), lastmod: item.data })),
    ...STATIC_PAGES,
  ];
  const entries = urls
    .map(({ path, lastmod }) => `<url><loc>${escapeXml(absoluteUrl(site, path))}</loc><lastmod>${lastmod}</lastmod></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

export function robotsTxt(site: SiteConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(site, '/sitemap.xml')}\n`;
}
