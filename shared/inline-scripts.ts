import { CONSENT_BANNER_ID } from './banner-ids';
import { CONSENT_COOKIE_PATTERN, CONSENT_VALUE_PATTERN } from './consent-cookie';

// The pages' only inline scripts, in one module because three places must see
// the very same text: the document embeds them (src/components/Document.tsx,
// SpeculationRules.tsx), the CSP allows each by its SHA-256
// (src/middleware/security-headers.ts), and the edge cache keys pages by them
// (src/middleware/edge-cache.ts), so a changed script never meets an old header.

/**
 * Placed right after the banner markup. A reader with no stored choice sees the
 * banner in the first paint, instead of after the bootstrap (a round trip
 * later) or the React island (seconds later on a slow phone): the banner is
 * often the largest paint of a first visit, and a late one is a late LCP. The
 * HTML stays the same for everyone (cacheable); with JavaScript off the banner
 * stays hidden, and so do the ads.
 */
export const BANNER_REVEAL_SCRIPT =
  `if(!${String(CONSENT_VALUE_PATTERN)}.test((${String(CONSENT_COOKIE_PATTERN)}.exec(document.cookie)||[])[1]||""))` +
  `document.getElementById(${JSON.stringify(CONSENT_BANNER_ID)}).hidden=false`;

/**
 * Speculation Rules, in the head: an article is prerendered when the reader
 * hovers or presses its link, other pages are prefetched; static files and XML
 * are left alone. Browsers without support ignore the element.
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [{ where: { href_matches: '/noticia/*' }, eagerness: 'moderate' }],
  prefetch: [
    {
      where: { and: [{ href_matches: '/*' }, { not: { href_matches: ['/noticia/*', '/thumbnails/*', '/static/*', '/*.xml'] } }] },
      eagerness: 'moderate',
    },
  ],
});

/** Every inline script a page may carry: the CSP allows exactly these. */
export const INLINE_SCRIPTS: readonly string[] = [BANNER_REVEAL_SCRIPT, SPECULATION_RULES];
