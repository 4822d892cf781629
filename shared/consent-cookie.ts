// How a stored cookie choice is recognised. Shared because two readers must
// agree: the bootstrap (client/consent/status.ts) and the inline reveal script
// the server embeds in every page (./inline-scripts.ts), which is built from
// these very patterns.

/** The widget's conventional cookie name (docs/product.md §9), kept so old choices still count. */
export const CONSENT_COOKIE = 'cookieconsent_status';

/** The first consent cookie in a `document.cookie` string; group 1 is its value. */
export const CONSENT_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*${CONSENT_COOKIE}=([^;]*)`);

/** A stored value that counts as a choice; anything else means "not decided yet". */
export const CONSENT_VALUE_PATTERN = /^(?:deny|dismiss|allow)$/;
