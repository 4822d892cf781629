import type { ComponentType } from 'react';
import type { SiteConfig } from '#src/site/config.ts';
import { AboutPage } from './AboutPage';
import { ContactPage } from './ContactPage';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';

/** What an institutional page's component is given. */
export interface InstitutionalPageProps {
  site: SiteConfig;
  /** The day its text last changed (its `lastmod`), for the pages that show it. */
  updated: Date;
}

export interface InstitutionalPage {
  path: string;
  /** The page's title without the brand (document title, link previews). */
  title: string;
  description: string;
  /** Its link in the header and footer menus, which list these pages after Home in this table's order. */
  menuLabel: string;
  /** The day its text last changed, `YYYY-MM-DD`: the sitemap's `lastmod` and the date the text shows. */
  lastmod: string;
  Page: ComponentType<InstitutionalPageProps>;
}

/**
 * The institutional pages (docs/product.md §2): their routes (src/app.ts), the
 * menus (src/components/layout/navigation.ts) and the sitemap all come from this table.
 */
export const INSTITUTIONAL_PAGES = {
  about: {
    path: '/sobre',
    title: 'Sobre',
    description: 'Quem faz o Casa em Pauta: a história da fundadora, o foco editorial e os princípios da redação.',
    menuLabel: 'Sobre',
    lastmod: '2025-04-28',
    Page: AboutPage,
  },
  contact: {
    path: '/contato',
    title: 'Contato',
    description: 'Fale com a redação do Casa em Pauta por e-mail ou pelas redes sociais.',
    menuLabel: 'Contato',
    lastmod: '2025-04-28',
    Page: ContactPage,
  },
  privacy: {
    path: '/politica-de-privacidade',
    title: 'Política de Privacidade',
    description: 'Como o Casa em Pauta trata dados pessoais e cookies, em conformidade com a LGPD (Lei nº 13.709/2018).',
    menuLabel: 'Privacidade',
    lastmod: '2025-04-28',
    Page: PrivacyPage,
  },
  terms: {
    path: '/termos',
    title: 'Termos de Uso',
    description: 'As condições de uso do portal Casa em Pauta: conteúdo, propriedade intelectual, links e cookies.',
    menuLabel: 'Termos de Uso',
    lastmod: '2025-05-11',
    Page: TermsPage,
  },
} as const satisfies Record<string, InstitutionalPage>;

/** The table's pages, in menu order. */
export const institutionalPages: readonly InstitutionalPage[] = Object.values(INSTITUTIONAL_PAGES);

/** The day the newest of their texts changed: the site's own date, before any article is published. */
export const LATEST_PAGE_TEXT = institutionalPages
  .map((page) => page.lastmod)
  .sort()
  .at(-1)!;
