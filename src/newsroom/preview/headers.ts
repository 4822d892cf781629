import { hashSources } from '#src/middleware/security-headers.ts';
import { clientAssets } from '#src/site/client-assets.ts';

/**
 * The policy of a preview page, the reader's page with the preview's bar:
 * the site's own stylesheets (inlined, by their hashes) and files, the preview
 * bar's stylesheet, images from the site, and no script at all. The site's
 * inline scripts (the consent banner's, the loader of the reader's script)
 * are blocked, so a preview shows the page as with JavaScript off: no ads,
 * no consent banner, nothing written to the browser. Forms post to the site
 * (the bar's link buttons, inside /redacao).
 */
async function previewPolicy(): Promise<string> {
  const styles = await hashSources(clientAssets.inlineStyles);
  return [
    "default-src 'none'",
    "script-src 'none'",
    `style-src 'self' ${styles.join(' ')}`.trim(),
    "img-src 'self' data:",
    "font-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

let policy: Promise<string> | undefined;

/** A preview page's headers: its policy, never stored by a cache, never indexed (here and on the shared address alike). */
export async function setPreviewHeaders(headers: Headers): Promise<void> {
  policy ??= previewPolicy();
  headers.set('Content-Security-Policy', await policy);
  headers.set('Cache-Control', 'no-store');
  headers.set('X-Robots-Tag', 'noindex, nofollow');
  headers.set('Referrer-Policy', 'no-referrer');
}
