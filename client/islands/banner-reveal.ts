import { CONSENT_COOKIE_PATTERN, CONSENT_VALUE_PATTERN } from '../consent/status';
import { CONSENT_BANNER_ID } from './banner-ids';

/**
 * The one inline script of every page, placed right after the banner markup.
 * A reader with no stored choice sees the banner in the first paint, instead
 * of after the bootstrap (a round trip later) or the React island (seconds
 * later on a slow phone): the banner is often the largest paint of a first
 * visit, and a late one is a late LCP. The HTML stays the same for everyone
 * (cacheable); with JavaScript off the banner stays hidden, and so do the ads.
 * The CSP allows exactly this text by its hash (src/middleware/security-headers.ts).
 */
export const BANNER_REVEAL_SCRIPT =
  `if(!${String(CONSENT_VALUE_PATTERN)}.test((${String(CONSENT_COOKIE_PATTERN)}.exec(document.cookie)||[])[1]||""))` +
  `document.getElementById(${JSON.stringify(CONSENT_BANNER_ID)}).hidden=false`;
