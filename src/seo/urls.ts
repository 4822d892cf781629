import type { SiteConfig } from '../config';

/** An absolute URL on the site, from a root-relative path. */
export const absoluteUrl = (site: SiteConfig, path: string) => `${site.url}${path}`;

/** The default link-preview image (assets/og-image.png, drawn by scripts/make-icons.mjs). */
export const DEFAULT_SHARE_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;
export const LOGO = { path: '/icon-512.png', width: 512, height: 512 } as const;
export const FEED_PATH = '/feed.xml';
export const SITEMAP_PATH = '/sitemap.xml';

/** Characters that must not appear raw in XML text or attributes. */
export function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
