import { SITE_DOMAIN_ATTRIBUTE } from '../shared/consent-cookie';
import type { AdsSettings } from './ads';

/** Settings the server writes on <body> as data attributes (src/components/layout/Document.tsx). */
export interface PageSettings {
  ads: AdsSettings;
  /** The configured site domain, for the consent cookie. */
  siteDomain: string;
}

export function readPageSettings(body: HTMLElement = document.body): PageSettings {
  const { adsClient = '', adsScript = '' } = body.dataset;
  return { ads: { client: adsClient, scriptUrl: adsScript }, siteDomain: body.getAttribute(SITE_DOMAIN_ATTRIBUTE) ?? '' };
}
