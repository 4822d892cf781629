/**
 * Site settings: one typed place. Values that differ per deployment come from
 * wrangler `vars` (see wrangler.toml); everything else is fixed here.
 */
export interface SiteConfig {
  /** Brand shown in the header, footer and <title>. */
  name: string;
  /** Short brand blurb for the footer and meta descriptions. */
  tagline: string;
  /** Absolute origin without trailing slash, e.g. https://casaempauta.com.br */
  url: string;
  contactEmail: string;
  social: { name: string; url: string }[];
  editor: { name: string; role: string };
}

export interface SiteVars {
  SITE_URL?: string;
  CONTACT_EMAIL?: string;
}

const DEFAULT_SITE_URL = 'http://localhost:8787';
const DEFAULT_CONTACT_EMAIL = 'contato@casaempauta.com.br';

export class ConfigError extends Error {}

/**
 * Builds the site settings from the worker's vars and rejects values that would
 * produce broken canonical URLs or mailto links, naming the variable at fault.
 */
export function siteConfig(vars: SiteVars): SiteConfig {
  const url = (vars.SITE_URL || DEFAULT_SITE_URL).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+$/.test(url)) {
    throw new ConfigError(`SITE_URL must be an origin like https://example.com, got "${url}"`);
  }
  const contactEmail = vars.CONTACT_EMAIL || DEFAULT_CONTACT_EMAIL;
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(contactEmail)) {
    throw new ConfigError(`CONTACT_EMAIL must be an e-mail address, got "${contactEmail}"`);
  }
  return {
    name: 'Casa em Pauta',
    tagline:
      'Notícias e análises sobre mercado imobiliário, financiamento, investimentos, decoração, arquitetura e sustentabilidade.',
    url,
    contactEmail,
    social: [
      { name: 'Instagram', url: 'https://www.instagram.com/casaempauta' },
      { name: 'Facebook', url: 'https://www.facebook.com/casaempauta' },
      { name: 'LinkedIn', url: 'https://www.linkedin.com/company/casaempauta' },
    ],
    editor: { name: 'Helena Duarte', role: 'Jornalista, fundadora e editora-chefe' },
  };
}
