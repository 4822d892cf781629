import type { SiteConfig } from '#src/site/config.ts';
import { SearchForm } from '../SearchForm';
import { BrandLink } from './BrandMark';
import { isActive, NAV_LINKS } from './navigation';

/**
 * Sticky header. Below 768 px the menu collapses behind a real button; the
 * boot script (client/menu.ts) toggles it, so no React runs for the menu.
 * The search box is always in view, outside the menu, so it works with
 * JavaScript off too; on narrow screens it takes a row of its own.
 */
export function Header({ site, path }: { site: SiteConfig; path: string }) {
  return (
    <header className="site-header">
      <div className="container header-inner">
        <BrandLink name={site.name} />
        <button type="button" className="menu-toggle" aria-expanded="false" aria-controls="menu-principal">
          <span className="menu-toggle-bars" aria-hidden="true" />
          Menu
        </button>
        <nav className="site-nav" id="menu-principal" aria-label="Menu principal">
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={isActive(link.href, path) ? 'page' : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <SearchForm id="busca-topo" className="header-search" name="Busca no site" />
      </div>
    </header>
  );
}
