import type { Thing } from 'schema-dts';
import type { PageStylesheet } from '#src/site/page-stylesheets.ts';

/** What a page tells the document head about itself. */
export interface PageHead {
  /** Page title without the brand; omitted on the home page. */
  title?: string;
  description: string;
  /** What link previews (`og:`, `twitter:`) show instead of the title and description, when the article gives its own. */
  share?: { title?: string; description?: string };
  /** Canonical path; defaults to the request path. Null for pages that must not be indexed. */
  canonicalPath?: string | null;
  /**
   * Robots directives for an indexed page (`max-image-preview:large` on articles, so
   * Google Discover and search may show their image large). A page without a
   * canonical path gets `noindex` instead, whatever this says.
   */
  robots?: string;
  /** Root-relative link-preview image with its size (and what it shows, for og:image:alt); the site's default image otherwise. */
  image?: { path: string; width: number; height: number; alt?: string };
  type?: 'website' | 'article';
  /** For articles: the publication date, `YYYY-MM-DD`. */
  publishedDate?: string;
  /** Structured data (schema.org) for search engines. */
  jsonLd?: Thing[];
  /** The stylesheet of this kind of page (src/site/page-stylesheets.ts); every part of the site's otherwise. */
  stylesheet?: PageStylesheet;
}
