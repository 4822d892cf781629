import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { INLINE_SCRIPTS } from '#shared/inline-scripts.ts';
import { EMBED_ORIGINS } from '../content/body/html-policy';
import { ADSENSE_SOURCES } from '../site/adsense';
import { clientAssets } from '../site/client-assets';

// Under `npm run dev` Vite injects inline scripts for hot reload; a strict CSP
// would block them. Vite's dev server sets this mode; wrangler's bundle has no
// import.meta.env at all, and tests run in mode "test" with the real policy.
const isViteDev = (import.meta as { env?: { MODE?: string } }).env?.MODE === 'development';

/** CSP sources allowing exactly these inline texts, by their SHA-256 hashes. */
export async function hashSources(texts: readonly string[]): Promise<string[]> {
  return Promise.all(
    texts.map(async (text) => {
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
      return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
    }),
  );
}

/**
 * The pages' inline scripts (shared/inline-scripts.ts: the banner script
 * and the speculation rules) are allowed by their SHA-256 hashes: no other
 * inline script can run. (Chromium ignores 'inline-speculation-rules' once a
 * hash is in the policy.) Likewise the inlined stylesheets (src/site/client-assets.ts),
 * those the build inlined: no other inline style applies.
 */
async function inlineSources(): Promise<{ scripts: string[]; styles: string[] }> {
  const [scripts, styles] = await Promise.all([hashSources(INLINE_SCRIPTS), hashSources(clientAssets.inlineStyles)]);
  return { scripts, styles };
}

/**
 * Security headers for every response (Hono's secure-headers): HSTS, nosniff,
 * frame protection, referrer and permissions policies, and a CSP that lets
 * pages load only the site's own files plus what AdSense needs (src/site/adsense.ts).
 * The hashes are computed once per isolate, on the first request. A header
 * a response already has is kept: the newsroom sets its own CSP and
 * referrer policy (src/newsroom/http/headers.ts).
 */
export function securityHeaders(): MiddlewareHandler {
  let middleware: Promise<MiddlewareHandler> | undefined;
  return async (c, next) => {
    middleware ??= inlineSources().then(headersWith);
    return (await middleware)(c, next);
  };
}

function headersWith(inline: { scripts: string[]; styles: string[] }): MiddlewareHandler {
  return secureHeaders({
    overwrite: false,
    contentSecurityPolicy: isViteDev
      ? undefined
      : {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...inline.scripts, ...ADSENSE_SOURCES.script],
          styleSrc: ["'self'", ...inline.styles],
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
