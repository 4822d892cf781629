import type { Context } from 'hono';
import type { ComponentType } from 'react';
import type { AppEnv } from '../app-env';
import type { SiteConfig } from '../config';
import { AboutPage } from '../pages/AboutPage';
import { ContactPage } from '../pages/ContactPage';
import { PrivacyPage } from '../pages/PrivacyPage';
import { TermsPage } from '../pages/TermsPage';
import type { PageHead } from '../render/page-head';

/** A route for a page that needs nothing but the site settings. */
function institutionalPage(Page: ComponentType<{ site: SiteConfig }>, head: PageHead) {
  return (c: Context<AppEnv>) => c.render(<Page site={c.var.site} />, head);
}

export const aboutRoute = institutionalPage(AboutPage, {
  title: 'Sobre',
  description: 'Quem faz o Casa em Pauta: a história da fundadora, o foco editorial e os princípios da redação.',
});

export const contactRoute = institutionalPage(ContactPage, {
  title: 'Contato',
  description: 'Fale com a redação do Casa em Pauta por e-mail ou pelas redes sociais.',
});

export const privacyRoute = institutionalPage(PrivacyPage, {
  title: 'Política de Privacidade',
  description: 'Como o Casa em Pauta trata dados pessoais e cookies, em conformidade com a LGPD (Lei nº 13.709/2018).',
});

export const termsRoute = institutionalPage(TermsPage, {
  title: 'Termos de Uso',
  description: 'As condições de uso do portal Casa em Pauta: conteúdo, propriedade intelectual, links e cookies.',
});
