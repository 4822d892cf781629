/** What a page tells the document head about itself. */
export interface PageHead {
  /** Page title without the brand; omitted on the home page. */
  title?: string;
  description: string;
  /** Canonical path; defaults to the request path. Null for pages that must not be indexed. */
  canonicalPath?: string | null;
  /** Absolute or root-relative image for link previews. */
  image?: string;
  type?: 'website' | 'article';
}
