import { institutionalPages } from '#src/pages/institutional/table.ts';

/** The site's menu (docs/product.md §2, "Layout on every screen"), shared by header and footer: Home, then the institutional pages. */
export const NAV_LINKS: readonly { href: string; label: string }[] = [
  { href: '/', label: 'Home' },
  ...institutionalPages.map((page) => ({ href: page.path, label: page.menuLabel })),
];

/** Active only on an exact match, so Home is not active on every page. */
export function isActive(href: string, path: string): boolean {
  return href === path;
}
