import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { INLINE_SCRIPTS } from '../../shared/inline-scripts';
import { ADSENSE_SOURCES } from '../adsense';
import { EMBED_ORIGINS } from '../content/html-policy';

// Under `npm run dev` Vite injects inline scripts for hot reload; a strict CSP
// would block them. Vite's dev server sets this mode; wrangler's bundle has no
// import.meta.env at all, and tests run in mode "test" with the real policy.
const isViteDev = (import.meta as { env?: { MODE?: string } }).env?.MODE === 'development';

/**
 * The pages' inline scripts (shared/inline-scripts.ts: the banner reveal script
 * and the speculation rules) are allowed by their SHA-256 hashes: no other
 * inline script can run. (Chromium ignores 'inline-speculation-rules' once a
 * hash is in the policy.)
 */
async function inlineScriptSources(): Promise<string[]> {
  return Promise.all(
    INLINE_SCRIPTS.map(async (text) => {
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
      return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
    }),
  );
}

/**
 * Security headers for every response (Hono's secure-headers): HSTS, nosniff,
 * frame protection, referrer and permissions policies, and a CSP that lets
 * pages load only the site's own files plus what AdSense needs (src/adsense.ts).
 * The hashes are computed once per isolate, on the first request.
 */
export function securityHeaders(): MiddlewareHandler {
  let middleware: Promise<MiddlewareHandler> | undefined;
  return async (c, next) => {
    middleware ??= inlineScriptSources().then(headersWith);
    return (await middleware)(c, next);
  };
}

function headersWith(inlineScripts: string[]): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: isViteDev
      ? undefined
      : {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...inlineScripts, ...ADSENSE_SOURCES.script],
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
