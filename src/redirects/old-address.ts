/**
 * An old site's address as the key of its redirect (src/redirects/redirects-store.ts):
 * one function, used both when the WordPress import stores a redirect and
 * when a request comes in, so the two always agree. Pure: the worker and the
 * import (scripts/content/import/) both run it.
 */

/** Past this, an address is no link anyone followed: no key, no lookup. */
const MAX_ADDRESS = 2_000;

/** WordPress's ways to name a post by its ID on the home address; all three lead where `?p=` does. */
const ID_PARAMETERS = ['p', 'page_id', 'attachment_id'];

/**
 * WordPress's copies of an upload, named after the original: a size
 * (`-1024x576`), the big-image copy (`-scaled`), the rotated one, an edit's
 * stamp (`-e1612345678901`). Any of them leads where the original does.
 */
const UPLOAD_COPY = /-(?:\d{1,5}x\d{1,5}|scaled|rotated|e\d{10,})(?=\.[a-z0-9]+$)/;
const UPLOADS = '/wp-content/uploads/';

/** What an archive, a category or a post adds to its address: its page 2, its feed, its AMP or embed view. */
const VIEW_SUFFIX = /\/(?:page\/\d{1,6}|feed(?:\/(?:rss2?|atom|rdf))?|amp|embed)$/;

/** Characters no path this site stores may hold once decoded: controls, and the backslash browsers read as a slash. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/**
 * The key of an address (a full URL of the old site, or a path): its path
 * percent-decoded, in Unicode's composed form, lowercase, without duplicate
 * or trailing slashes; `/?p=<id>` for a post named by its ID; an upload's
 * copy as its original; a listing's page or feed as the listing. Null for
 * what is no address (bad encoding, too long, not http).
 */
export function oldAddressKey(address: string): string | null {
  if (address.length > MAX_ADDRESS) return null;
  let url: URL;
  try {
    url = new URL(address.trim(), 'http://antigo.invalid');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (UNSAFE.test(path)) return null;
  path = path
    .normalize('NFC')
    .toLowerCase()
    .replace(/\/{2,}/g, '/');
  if (path === '/' || path === '/index.php') {
    for (const name of ID_PARAMETERS) {
      const id = url.searchParams.get(name);
      if (id !== null && /^\d{1,18}$/.test(id)) return `/?p=${BigInt(id)}`;
    }
  }
  path = path.replace(/\/+$/, '') || '/';
  if (path.startsWith(UPLOADS)) {
    // A copy of a copy (`foto-e1612345678901-1024x576.jpg`): each suffix goes, innermost last.
    for (let at = 0; at < 3 && UPLOAD_COPY.test(path); at++) path = path.replace(UPLOAD_COPY, '');
    return path;
  }
  const view = path.replace(VIEW_SUFFIX, '');
  return view === '' ? path : view;
}

/** Longest target stored: a path of this site, with its query (a search). */
const MAX_TARGET = 2_000;

/**
 * Whether a stored target is a path of this site and nothing else: read back
 * from KV or D1 it is hostile, and a Location of `//host` or `/\host` is
 * another site to a browser.
 */
export function isSafeTarget(to: unknown): to is string {
  // Printable ASCII only: the paths this site makes are (a search's words percent-encoded), and a Location of anything else is no clean header.
  return typeof to === 'string' && to.length <= MAX_TARGET && /^\/[\x21-\x7e]*$/.test(to) && !to.startsWith('//') && !to.startsWith('/\\');
}
