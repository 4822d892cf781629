import { readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';

/**
 * Sveltia CMS's files, served by the studio from node_modules, never from a
 * CDN: the studio works offline (a newsroom laptop on a train), and its page
 * may talk to no one but the studio (its CSP). Sveltia's script asks a CDN
 * for three things the studio answers itself, so the script is served with
 * those addresses pointed here:
 *
 * - its translations (pt-BR among them) and its own package.json (the update
 *   check): `https://unpkg.com/@sveltia/cms…` → `/sveltia/cdn…`, answered from
 *   the installed package (the same version, so no update is announced);
 * - its three fonts (the interface's, the code font, the icons): the
 *   @fontsource packages of the same fonts;
 * - GitHub's status page, which it reads to warn of an incident at GitHub:
 *   the studio never talks to GitHub (the folder is local), so it answers
 *   "no incident".
 *
 * An address a later Sveltia version changes is simply no longer rewritten;
 * test/e2e/studio.spec.ts then fails on the request the page makes outside
 * the studio.
 */

const PACKAGE = resolve('node_modules/@sveltia/cms');
const CDN = 'https://unpkg.com/@sveltia/cms';
export const LOCAL_CDN = '/sveltia/cdn';
const GITHUB_STATUS = 'https://www.githubstatus.com/api/v2/status.json';
const LOCAL_STATUS = '/sveltia/github-status.json';

/** Sveltia's font addresses → the installed file with the same font. */
const FONTS: Record<string, string> = {
  'https://cdn.jsdelivr.net/fontsource/fonts/source-sans-3:vf@5.3.0/latin-wght-normal.woff2':
    '@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2',
  'https://cdn.jsdelivr.net/fontsource/fonts/noto-mono@5.3.0/latin-400-normal.woff2':
    '@fontsource/noto-mono/files/noto-mono-latin-400-normal.woff2',
  'https://cdn.jsdelivr.net/fontsource/fonts/material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2':
    '@fontsource-variable/material-symbols-outlined/files/material-symbols-outlined-latin-wght-normal.woff2',
};
const fontPath = (file: string) => `/sveltia/fonts/${file.split('/').at(-1)}`;

let script: Buffer | undefined;

/** sveltia-cms.js with the CDN addresses above pointed at the studio. */
export function sveltiaScript(): Buffer {
  if (!script) {
    let text = readFileSync(resolve(PACKAGE, 'dist/sveltia-cms.js'), 'utf8');
    for (const [url, file] of Object.entries(FONTS)) text = text.replaceAll(url, fontPath(file));
    text = text.replaceAll(CDN, LOCAL_CDN).replaceAll(GITHUB_STATUS, LOCAL_STATUS);
    script = Buffer.from(text);
  }
  return script;
}

/** A file under `root` by a relative path; null outside `root` or when absent. */
export function fileUnder(root: string, path: string): Buffer | null {
  const file = resolve(root, `.${sep}${path}`);
  if (!file.startsWith(root + sep)) return null;
  try {
    return statSync(file).isFile() ? readFileSync(file) : null;
  } catch {
    return null;
  }
}

/**
 * A file of Sveltia's at a path under /sveltia/ (decoded, without the
 * prefix): the rewritten script, its chunks, its translations, its
 * package.json, its fonts, the status answer. Null for any other path.
 */
export function sveltiaFile(path: string): { body: Buffer; type: string } | null {
  if (path === 'sveltia-cms.js') return { body: sveltiaScript(), type: 'text/javascript; charset=utf-8' };
  if (path === 'github-status.json')
    return { body: Buffer.from('{"status":{"indicator":"none","description":"offline"}}'), type: 'application/json' };
  const font = Object.values(FONTS).find((file) => fontPath(file) === `/sveltia/${path}`);
  if (font) {
    const body = fileUnder(resolve('node_modules'), font);
    return body ? { body, type: 'font/woff2' } : null;
  }
  // /sveltia/cdn@0.221.1/locales/pt-BR.json, /sveltia/cdn/package.json, /sveltia/cdn@…/dist/chunks/x.js
  const cdn = /^cdn(?:@[^/]+)?\/(locales\/[A-Za-z-]+\.json|package\.json|dist\/chunks\/[\w.-]+\.js)$/.exec(path);
  const inPackage = cdn ? cdn[1]! : /^chunks\/[\w.-]+\.js$/.test(path) ? `dist/${path}` : null;
  if (!inPackage) return null;
  const body = fileUnder(PACKAGE, inPackage);
  return body ? { body, type: inPackage.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/json; charset=utf-8' } : null;
}
