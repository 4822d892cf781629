import { TOOL_LIST, TOOL_PAGES } from '#shared/tool-card.ts';
import { IMAGE_FOLDER, imageKey } from '../content/schema/format';
import type { SiteConfig } from '../site/config';

const ARTICLE_PREFIX = '/noticia/';

/**
 * The site's URL scheme in one place: the pattern of each route (Hono
 * syntax; src/app.ts registers them) and, below, the functions that build
 * their URLs. The institutional pages' paths are in src/pages/institutional/table.ts.
 */
export const ROUTES = {
  home: '/',
  postsPage: '/pagina/:page',
  article: `${ARTICLE_PREFIX}:slug`,
  author: '/autor/:slug',
  authorPage: '/autor/:slug/pagina/:page',
  theme: '/tema/:slug',
  themePage: '/tema/:slug/pagina/:page',
  thumbnail: `/${IMAGE_FOLDER}:file`,
  sitemap: '/sitemap.xml',
  sitemapPart: '/sitemaps/:file',
  newsSitemap: '/sitemap-news.xml',
  robots: '/robots.txt',
  feed: '/feed.xml',
  search: '/busca',
  openSearch: '/opensearch.xml',
  simulator: TOOL_PAGES.simulator.path,
  rentOrBuy: TOOL_PAGES.rentOrBuy.path,
  purchaseCosts: TOOL_PAGES.purchaseCosts.path,
} as const;

/** The search page (src/routes/search.tsx). */
export const SEARCH_PATH = ROUTES.search;

/** A search's results page: the normalized words, and the page number past the first. */
export const searchPath = (normalized: string, page = 1) =>
  `${SEARCH_PATH}?q=${encodeURIComponent(normalized)}${page === 1 ? '' : `&pagina=${page}`}`;

/** The financing simulator (src/routes/simulator.tsx); a simulation adds its normalized query (src/finance/simulator-input.ts). */
export const SIMULATOR_PATH = ROUTES.simulator;

/** "Alugar ou comprar?" (src/routes/rent-or-buy.tsx); a comparison adds its normalized query (src/finance/rent-or-buy-input.ts). */
export const RENT_OR_BUY_PATH = ROUTES.rentOrBuy;

/** "Quanto custa comprar?" (src/routes/purchase-costs.tsx); a result adds its normalized query (src/finance/purchase-costs-input.ts). */
export const PURCHASE_COSTS_PATH = ROUTES.purchaseCosts;

/** The reader's tools, in the order a buyer meets them (shared/tool-card.ts): each is a GET form whose result is its own page. */
export const TOOL_PATHS = TOOL_LIST.map((tool) => tool.path);

/** Page n of the 'Postagens' grid: page 1 is the home page. */
export const pagePath = (page: number) => (page === 1 ? ROUTES.home : `/pagina/${page}`);

/** Page n of an author's (`autor`) or a theme's (`tema`) list: page 1 at `/<kind>/<slug>`. */
export const collectionPath = (kind: 'autor' | 'tema', slug: string, page = 1) =>
  page === 1 ? `/${kind}/${slug}` : `/${kind}/${slug}/pagina/${page}`;

/** An article's page. */
export const articlePath = ({ slug }: { slug: string }) => `${ARTICLE_PREFIX}${slug}`;

/** The slug a link to an article names (query and fragment ignored); null for a link to anything else. */
export function articleSlugOf(href: string): string | null {
  if (!href.startsWith(ARTICLE_PREFIX)) return null;
  return /^[^/?#]+/.exec(href.slice(ARTICLE_PREFIX.length))?.[0] ?? null;
}

/** An article image or one of its variants, by file name: the same path as its content key (src/content/schema/format.ts). */
export const thumbnailPath = (file: string) => `/${imageKey(file)}`;

/** Sitemap file n, once the archive needs more than one. */
export const sitemapPartPath = (n: number) => `/sitemaps/${n}.xml`;

/** The RSS feed, linked from every page's head. */
export const FEED_PATH = ROUTES.feed;

/** An absolute URL on the site, from a root-relative path. */
export const absoluteUrl = (site: SiteConfig, path: string) => `${site.url}${path}`;

/** The default link-preview image (assets/og-image.png, drawn by scripts/make-icons.mjs). */
export const DEFAULT_SHARE_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;
export const LOGO = { path: '/icon-512.png', width: 512, height: 512 } as const;
