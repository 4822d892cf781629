import { isAllowedAdScriptUrl } from './adsense';

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
  ads: AdsConfig;
}

/** What the browser needs to show AdSense ads, once the reader consents. */
export interface AdsConfig {
  /** Publisher id, `ca-pub-` and 16 digits. */
  client: string;
  /** The AdSense loader script; its host must be one the CSP allows. */
  scriptUrl: string;
  /** Ad unit ids (digits) per placement. */
  slots: { home: string; article: string };
}

export type SiteVars = Partial<
  Record<'SITE_URL' | 'CONTACT_EMAIL' | 'ADSENSE_CLIENT' | 'ADSENSE_SCRIPT_URL' | 'ADSENSE_SLOT_HOME' | 'ADSENSE_SLOT_ARTICLE', string>
>;

/** Development defaults: they work locally and in tests with no configuration. */
const DEFAULTS = {
  SITE_URL: 'http://localhost:8787',
  CONTACT_EMAIL: 'contato@casaempauta.com.br',
  // A placeholder publisher id: AdSense serves nothing for it, which is what a
  // local run wants. Replace it with the real one in production.
  ADSENSE_CLIENT: 'ca-pub-0000000000000000',
  ADSENSE_SCRIPT_URL: 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js',
  ADSENSE_SLOT_HOME: '1000000001',
  ADSENSE_SLOT_ARTICLE: '1000000002',
} satisfies Required<SiteVars>;

class ConfigError extends Error {}

type Rule = [name: keyof SiteVars, valid: (value: string) => boolean, expected: string];

const RULES: Rule[] = [
  ['SITE_URL', (v) => /^https?:\/\/[^/\s]+$/.test(v), 'an origin like https://example.com'],
  ['CONTACT_EMAIL', (v) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v), 'an e-mail address'],
  ['ADSENSE_CLIENT', (v) => /^ca-pub-\d{16}$/.test(v), 'a publisher id like ca-pub-1234567890123456'],
  ['ADSENSE_SCRIPT_URL', isAllowedAdScriptUrl, 'an https URL on an AdSense host (src/site/adsense.ts)'],
  ['ADSENSE_SLOT_HOME', (v) => /^\d{6,20}$/.test(v), 'an ad unit id (digits)'],
  ['ADSENSE_SLOT_ARTICLE', (v) => /^\d{6,20}$/.test(v), 'an ad unit id (digits)'],
];

/** The wrangler vars the settings are built from. */
export const SITE_VAR_NAMES = RULES.map(([name]) => name);

/**
 * Builds the site settings from the worker's vars, falling back to the
 * development defaults, and rejects a value that would break the site with an
 * error naming the variable.
 */
export function siteConfig(vars: SiteVars): SiteConfig {
  const value = { ...DEFAULTS };
  for (const [name, valid, expected] of RULES) {
    const raw = (vars[name] || DEFAULTS[name]).trim();
    const given = name === 'SITE_URL' ? raw.replace(/\/+$/, '') : raw;
    if (!valid(given)) throw new ConfigError(`${name} must be ${expected}, got "${given}"`);
    value[name] = given;
  }
  return {
    name: 'Casa em Pauta',
    tagline: 'Notícias e análises sobre mercado imobiliário, financiamento, investimentos, decoração, arquitetura e sustentabilidade.',
    url: value.SITE_URL,
    contactEmail: value.CONTACT_EMAIL,
    social: [
      { name: 'Instagram', url: 'https://www.instagram.com/casaempauta' },
      { name: 'Facebook', url: 'https://www.facebook.com/casaempauta' },
      { name: 'LinkedIn', url: 'https://www.linkedin.com/company/casaempauta' },
    ],
    editor: { name: 'Helena Duarte', role: 'Jornalista, fundadora e editora-chefe' },
    ads: {
      client: value.ADSENSE_CLIENT,
      scriptUrl: value.ADSENSE_SCRIPT_URL,
      slots: { home: value.ADSENSE_SLOT_HOME, article: value.ADSENSE_SLOT_ARTICLE },
    },
  };
}
