import { secureHeaders } from 'hono/secure-headers';
import { ADSENSE_SOURCES } from '../adsense';
import { EMBED_ORIGINS } from '../content/html-policy';

// Under `npm run dev` Vite injects inline scripts for hot reload; a strict CSP
// would block them. Vite's dev server sets this mode; wrangler's bundle has no
// import.meta.env at all, and tests run in mode "test" with the real policy.
const isViteDev = (import.meta as { env?: { MODE?: string } }).env?.MODE === 'development';

/**
 * Security headers for every response (Hono's secure-headers): HSTS, nosniff,
 * frame protection, referrer and permissions policies, and a CSP that lets
 * pages load only the site's own files plus what AdSense needs (src/adsense.ts).
 */
export function securityHeaders() {
  return secureHeaders({
    contentSecurityPolicy: isViteDev
      ? undefined
      : {
          defaultSrc: ["'self'"],
          // 'inline-speculation-rules' allows the speculation rules JSON only, never inline script.
          scriptSrc: ["'self'", "'inline-speculation-rules'", ...ADSENSE_SOURCES.script],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', ...ADSENSE_SOURCES.image],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...ADSENSE_SOURCES.connect],
          frameSrc: [...ADSENSE_SOURCES.frame, ...EMBED_ORIGINS],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
    },
  });
}
