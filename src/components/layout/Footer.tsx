import type { SiteConfig } from '#src/site/config.ts';
import { BrandLink } from './BrandMark';
import { NAV_LINKS } from './navigation';

/** Footer: brand blurb, navigation, the legal notice of docs/product.md §2 and the copyright line. */
export function Footer({ site }: { site: SiteConfig }) {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <BrandLink name={site.name} />
          <p>{site.tagline}</p>
        </div>
        <nav className="footer-nav" aria-label="Rodapé">
          <h2 className="footer-heading">Navegação</h2>
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
            <li>
              <button type="button" className="link-button" data-consent-open>
                Preferências de cookies
              </button>
            </li>
          </ul>
        </nav>
        <section className="footer-legal" aria-labelledby="aviso-legal">
          <h2 className="footer-heading" id="aviso-legal">
            Aviso legal
          </h2>
          <p>
            O conteúdo deste portal tem caráter exclusivamente informativo. O {site.name} não tem vínculo com instituições financeiras,
            construtoras ou imobiliárias, e suas publicações não constituem aconselhamento profissional financeiro, jurídico ou imobiliário.
          </p>
        </section>
      </div>
      <div className="container footer-bottom">
        <p>
          © {new Date().getFullYear()} {site.name}. Todos os direitos reservados.
        </p>
      </div>
    </footer>
  );
}
