/** The site's menu (docs/product.md §2, "Layout on every screen"), shared by header and footer. */
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/sobre', label: 'Sobre' },
  { href: '/contato', label: 'Contato' },
  { href: '/politica-de-privacidade', label: 'Privacidade' },
  { href: '/termos', label: 'Termos de Uso' },
] as const;

/** Active only on an exact match, so Home is not active on every page. */
export function isActive(href: string, path: string): boolean {
  return href === path;
}
