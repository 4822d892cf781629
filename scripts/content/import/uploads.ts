import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import { imageSize } from 'image-size';

/**
 * Where the file of an image a WordPress post shows lies in a copy of the
 * site's `wp-content/uploads` folder, whichever way the post wrote its
 * address, and preferring the original upload over the smaller copies
 * WordPress made of it: an archive image is published from the best file the
 * site still has.
 */

/**
 * How the file was found:
 * - `exact`: the address named the original upload itself;
 * - `original`: the address named a copy WordPress made (`-1024x576`, `-scaled`, `-rotated`), and this is its original;
 * - `scaled`: the original is gone, and this is the full-size copy WordPress made of it (`-scaled`, `-rotated`);
 * - `copy`: only the resized copy the address named is left.
 */
export type UploadVia = 'exact' | 'original' | 'scaled' | 'copy';
export type ResolvedUpload = { path: string; via: UploadVia } | { missing: string };

const UPLOADS = '/wp-content/uploads/';
/** Jetpack's image CDN (Photon) serves `https://i0.wp.com/<site>/<path>?resize=…`: the site is the first segment. */
const JETPACK = /^i\d\.wp\.com$/;
/** A copy WordPress resized, named by its size (`foto-1024x576`). */
const SIZED = /-(\d{1,5})x(\d{1,5})$/;
/** The full-size copies WordPress 5.3+ makes beside an original too large or stored sideways. */
const FULL_COPIES = ['-scaled', '-rotated'] as const;

/** A host as compared: lower case, without `www.`, whether given as a host or as an address. */
function bareHost(host: string): string {
  const name = /^[a-z]+:\/\//i.test(host) ? (URL.parse(host)?.hostname ?? host) : host.split(/[/:]/)[0]!;
  return name.toLowerCase().replace(/^www\./, '');
}

/**
 * The path inside the uploads folder an address names, still percent-encoded,
 * or why it names none. Relative addresses are the site's own; one without a
 * leading slash and without `wp-content/uploads` is taken as already relative
 * to the folder (as WordPress records an attachment's file, `2019/05/foto.jpg`).
 */
function uploadsPath(url: string, siteHosts: readonly string[]): string | { missing: string } {
  const text = url.trim();
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//');
  const parsed = URL.parse(text.startsWith('//') ? `https:${text}` : text, 'https://site.invalid/');
  if (!parsed) return { missing: `endereço de imagem malformado: ${text}` };
  let path = parsed.pathname;
  if (absolute) {
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { missing: `endereço de imagem que não é da web: ${text}` };
    let host = parsed.hostname;
    if (JETPACK.test(host)) {
      const [, site = '', ...rest] = path.split('/');
      host = site;
      path = `/${rest.join('/')}`;
    }
    const hosts = new Set(siteHosts.map(bareHost));
    if (!hosts.has(bareHost(host))) return { missing: `imagem de outro site (${host}): não está na pasta uploads` };
  } else if (!text.startsWith('/') && !text.includes(UPLOADS.slice(1))) {
    return parsed.pathname.slice(1);
  }
  // A site installed in a subfolder (`/blog/wp-content/uploads/…`) has the folder further down its paths.
  const at = path.indexOf(UPLOADS);
  if (at < 0) return { missing: `o endereço não é de um arquivo da pasta uploads: ${text}` };
  return path.slice(at + UPLOADS.length);
}

/** The decoded segments of a path inside the folder; null when one could leave it or is not a name. */
function segmentsOf(encoded: string): string[] | null {
  try {
    const segments = encoded.split('/').map((segment) => decodeURIComponent(segment));
    // Decoding may reveal `..` or a slash (`..%2F`) that the address parser left alone.
    return segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..' && !/[/\\\0]/.test(segment)) ? segments : null;
  } catch {
    return null;
  }
}

/**
 * The entry of `folder` named `name`: the same name in Unicode's composed form
 * (a folder copied from a Mac stores accents decomposed), else the one entry
 * that differs only in case; none when two do, since guessing could publish
 * the wrong picture.
 */
function entryNamed(folder: string, name: string): string | undefined {
  const exact = join(folder, name);
  if (exists(exact)) return name;
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return undefined;
  }
  const wanted = name.normalize('NFC');
  const same = entries.find((entry) => entry.normalize('NFC') === wanted);
  if (same !== undefined) return same;
  const folded = wanted.toLowerCase();
  const alike = entries.filter((entry) => entry.normalize('NFC').toLowerCase() === folded);
  return alike.length === 1 ? alike[0] : undefined;
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The path of a file under `root` by its segments, each matched by {@link entryNamed}. */
function findFile(root: string, segments: readonly string[]): string | undefined {
  let path = root;
  for (const segment of segments) {
    const entry = entryNamed(path, segment);
    if (entry === undefined) return undefined;
    path = join(path, entry);
  }
  return path;
}

/**
 * Whether a file named like a resized copy (`terreno-12x30.jpg`) really is one:
 * WordPress names a copy by its exact size, so a picture of another size was
 * uploaded under that name (lot sizes are often written so) and is an original.
 */
function isSizedCopy(path: string | undefined, width: number, height: number): boolean {
  if (path === undefined) return true;
  try {
    const size = imageSize(readFileSync(path));
    return (size.width === width && size.height === height) || (size.width === height && size.height === width);
  } catch {
    // Unreadable: nothing says it is not a copy, and its name says it is.
    return true;
  }
}

/** The file names to look for, best first, each with how it was found. */
function candidates(folder: string, requested: string, named: string | undefined): { name: string; via: UploadVia }[] {
  const extension = extname(requested);
  const stem = requested.slice(0, requested.length - extension.length);
  const sized = SIZED.exec(stem);
  const copy = sized !== null && isSizedCopy(named && join(folder, named), Number(sized[1]), Number(sized[2]));
  const full = copy ? stem.slice(0, sized.index) : stem;
  const suffix = FULL_COPIES.find((ending) => full.endsWith(ending));
  const original = suffix ? full.slice(0, -suffix.length) : full;
  const list = [
    { name: `${original}${extension}`, via: original === stem ? ('exact' as const) : ('original' as const) },
    ...FULL_COPIES.map((ending) => ({ name: `${original}${ending}${extension}`, via: 'scaled' as const })),
    { name: requested, via: 'copy' as const },
  ];
  return list.filter((candidate, at) => list.findIndex((other) => other.name === candidate.name) === at);
}

/**
 * The file of an image address in a copy of a WordPress site's uploads folder.
 * Takes every form WordPress writes: absolute on any of `siteHosts` (http or
 * https, with or without `www.`), relative to the site, through Jetpack's CDN,
 * a multisite's `sites/<n>/` (also when the copy is that site's own folder),
 * percent-encoded names, query strings. The original upload is preferred
 * over the copies WordPress resized (`-1024x576`), scaled down (`-scaled`)
 * or turned upright (`-rotated`: the import applies the original's EXIF
 * orientation itself). An edited image (`foto-e1612345678901.jpg`) is an
 * original of its own: the file before the edit is not what the post showed.
 * Never a file outside `uploadsDir`, through `..` or a symbolic link.
 *
 * @example
 * resolveUpload('/copia/uploads', 'https://www.site.com.br/wp-content/uploads/2019/05/sala-1024x576.jpg?ver=2', ['site.com.br'])
 * // { path: '/copia/uploads/2019/05/sala.jpg', via: 'original' }
 */
export function resolveUpload(uploadsDir: string, url: string, siteHosts: readonly string[]): ResolvedUpload {
  const encoded = uploadsPath(url, siteHosts);
  if (typeof encoded !== 'string') return encoded;
  const segments = segmentsOf(encoded);
  if (segments === null) return { missing: `o endereço sai da pasta uploads ou não nomeia um arquivo: ${url.trim()}` };
  let root: string;
  try {
    root = realpathSync(uploadsDir);
  } catch {
    return { missing: `a pasta uploads não existe: ${uploadsDir}` };
  }
  const multisite = segments[0] === 'sites' && /^\d+$/.test(segments[1] ?? '') ? [segments, segments.slice(2)] : [segments];
  for (const path of multisite) {
    const folder = findFile(root, path.slice(0, -1));
    if (folder === undefined) continue;
    const requested = path.at(-1)!;
    for (const { name, via } of candidates(folder, requested, entryNamed(folder, requested))) {
      const entry = entryNamed(folder, name);
      if (entry === undefined) continue;
      const found = inside(root, join(folder, entry));
      if (found !== undefined) return typeof found === 'string' ? { path: found, via } : found;
    }
  }
  return { missing: `o arquivo não está na pasta uploads, nem o original: ${segments.join('/')}` };
}

/** The real path of a found entry when it is a file inside the folder; why not when a link leads out; undefined when it is no file. */
function inside(root: string, path: string): string | { missing: string } | undefined {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return undefined;
  }
  if (!real.startsWith(`${root}${sep}`)) return { missing: `o arquivo aponta para fora da pasta uploads: ${path.slice(root.length + 1)}` };
  return statSync(real).isFile() ? path : undefined;
}
