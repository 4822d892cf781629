/**
 * The reader pages' stylesheets, one per kind of page, each an entry of the
 * client build (vite.config.ts) named by its file: the home, an article and
 * the tools carry only the parts of the site's stylesheet they use, so their
 * HTML fits in the first round trip of a new connection; every other page
 * carries all of it (docs/decisions/055-a-stylesheet-per-kind-of-page.md).
 */
export const PAGE_STYLESHEETS = {
  home: 'client/stylesheets/home.css',
  article: 'client/stylesheets/article.css',
  tool: 'client/stylesheets/tool.css',
  all: 'client/stylesheets/all.css',
} as const;

export type PageStylesheet = keyof typeof PAGE_STYLESHEETS;
