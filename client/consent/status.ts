import { CONSENT_COOKIE, CONSENT_COOKIE_PATTERN, CONSENT_MAX_AGE_SECONDS, CONSENT_VALUE_PATTERN } from '../../shared/consent-cookie';

/** Spec §3: the stored statuses. 'dismiss' only comes from the old widget's cookies. */
export type ConsentStatus = 'deny' | 'dismiss' | 'allow';

/**
 * The stored status in a `document.cookie` string, or null when there is none
 * (or it is garbage). Read with the patterns the inline banner script is built
 * from (shared/consent-cookie.ts), so the two agree on who sees the banner.
 */
export function readConsentStatus(cookies: string): ConsentStatus | null {
  const value = CONSENT_COOKIE_PATTERN.exec(cookies)?.[1] ?? '';
  return CONSENT_VALUE_PATTERN.test(value) ? (value as ConsentStatus) : null;
}

/** Spec §4, opt-out: 'dismiss' and 'allow' both mean the reader consents. */
export function grantsConsent(status: ConsentStatus): boolean {
  return status === 'allow' || status === 'dismiss';
}

/** Where the page runs, and the site's own domain as configured. */
export interface CookieScope {
  protocol: string;
  hostname: string;
  /** The configured site domain, e.g. casaempauta.com.br. */
  siteDomain: string;
}

/**
 * The `document.cookie` assignment that stores a status (docs/product.md §9): path /,
 * 365 days, SameSite=Lax, Secure on https, and the site's domain so every
 * subdomain shares the choice. On localhost, or on a host outside the
 * configured domain (a preview URL), the cookie is host-only: browsers refuse
 * an explicit Domain=localhost, and a foreign Domain would be dropped.
 *
 * The inline banner script writes the same cookie for a choice made before
 * this script arrives (shared/inline-scripts.ts); test/client/banner-script.test.ts
 * holds the two to the same string.
 */
export function consentCookie(status: ConsentStatus, scope: CookieScope): string {
  const parts = [`${CONSENT_COOKIE}=${status}`, 'Path=/', `Max-Age=${CONSENT_MAX_AGE_SECONDS}`, 'SameSite=Lax'];
  const host = scope.hostname.toLowerCase();
  const domain = scope.siteDomain.toLowerCase();
  if (host !== 'localhost' && domain && (host === domain || host.endsWith(`.${domain}`))) {
    parts.push(`Domain=${domain}`);
  }
  if (scope.protocol === 'https:') parts.push('Secure');
  return parts.join('; ');
}
