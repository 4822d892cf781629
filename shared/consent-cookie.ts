// How a cookie choice is stored and recognised. Shared because two scripts must
// agree: the bootstrap (client/consent/status.ts) and the inline banner script
// the server embeds in every page (./inline-scripts.ts), which is built from
// these very values.

/** The widget's conventional cookie name (docs/product.md §9), kept so old choices still count. */
export const CONSENT_COOKIE = 'cookieconsent_status';

/** The first consent cookie in a `document.cookie` string; group 1 is its value. */
export const CONSENT_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*${CONSENT_COOKIE}=([^;]*)`);

/** A stored value that counts as a choice; anything else means "not decided yet". */
export const CONSENT_VALUE_PATTERN = /^(?:deny|dismiss|allow)$/;

/** How long a choice is kept: 365 days (docs/product.md §9). */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The body attribute naming the site's domain, which the cookie is scoped to (src/components/layout/Document.tsx). */
export const SITE_DOMAIN_ATTRIBUTE = 'data-site-domain';
