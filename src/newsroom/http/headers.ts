import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';

/**
 * The newsroom's own headers, on every response under /redacao once the
 * newsroom exists (refusals included): a CSP that allows only the
 * newsroom's own files (no inline script or style, no other host, no ads,
 * no frames), never stored by any cache, and never indexed. The site-wide
 * security headers (src/middleware/security-headers.ts) do not overwrite them.
 */
export function newsroomHeaders() {
  const headers = secureHeaders({
    // A page that sets its own policy keeps it: the draft's preview, the site's page (preview/headers.ts).
    overwrite: false,
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'same-origin',
  });
  return createMiddleware(async function setNewsroomHeaders(c, next) {
    await headers(c, next);
    c.res.headers.set('Cache-Control', 'no-store');
    c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  });
}
