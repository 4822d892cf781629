/**
 * The article format: what a slug, an article image and a body path look like.
 * One module for the worker, which checks every stored entry against it
 * (news-item.ts), and for the editors' commands, which check and name the
 * files they publish with it (scripts/content/). The content paths built here
 * are each both a KV key and a file of the bundled assets
 * (docs/content-and-publishing.md, "The paths are the contract"); the news list's keys
 * are in news-index.ts.
 */

/** Lowercase words of letters and digits joined by single hyphens: the last part of `/noticia/<slug>`. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 120;

export function isValidSlug(value: string): boolean {
  return value.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(value);
}

/**
 * The accepted image formats, by the name sharp gives each: the file name
 * extensions that stand for it (the first is the one a published name uses),
 * the name editors read, and the Content-Type it is served with.
 */
export const IMAGE_FORMATS = {
  webp: { extensions: ['webp'], label: 'WebP', contentType: 'image/webp' },
  avif: { extensions: ['avif'], label: 'AVIF', contentType: 'image/avif' },
  jpeg: { extensions: ['jpg', 'jpeg'], label: 'JPEG', contentType: 'image/jpeg' },
  png: { extensions: ['png'], label: 'PNG', contentType: 'image/png' },
} as const;
type ImageFormat = keyof typeof IMAGE_FORMATS;

const FORMAT_OF_EXTENSION = new Map<string, ImageFormat>(
  Object.entries(IMAGE_FORMATS).flatMap(([format, { extensions }]) => extensions.map((extension) => [extension, format as ImageFormat])),
);

/** Every accepted file name extension, lowercase: webp, avif, jpg, jpeg, png. */
export const IMAGE_EXTENSIONS: readonly string[] = [...FORMAT_OF_EXTENSION.keys()];

/** The format a (lowercase) extension stands for; undefined for any other. */
const imageFormatOf = (extension: string): ImageFormat | undefined => FORMAT_OF_EXTENSION.get(extension);

/** The extension a published image name uses for an accepted one (`jpeg` → `jpg`). */
export function publishedExtension(extension: string): string | undefined {
  const format = imageFormatOf(extension);
  return format && IMAGE_FORMATS[format].extensions[0];
}

/** A published image name: lowercase, starting with a letter or digit, ending in an accepted extension. */
const IMAGE_FILE = new RegExp(`^[a-z0-9][a-z0-9._-]{0,200}\\.(${IMAGE_EXTENSIONS.join('|')})$`);

export const isValidImageFile = (value: string) => IMAGE_FILE.test(value);

/** The Content-Type of a published image name; null when the name is not one. */
export function imageContentType(file: string): string | null {
  const format = imageFormatOf(IMAGE_FILE.exec(file)?.[1] ?? '');
  return format ? IMAGE_FORMATS[format].contentType : null;
}

/**
 * Every article image is 16:9, drawn at 1200×675: its intrinsic size in
 * pages (so the browser reserves the space before it loads), and the least an
 * editor may publish (src/checking/limits.ts).
 */
export const IMAGE_SIZE = { width: 1200, height: 675 } as const;

/** The folders of article images and bodies. */
export const IMAGE_FOLDER = 'thumbnails/';
export const BODY_FOLDER = 'noticias/';

/** An article image, by its published file name (the `imagemAtual` field). */
export const imageKey = (file: string) => `${IMAGE_FOLDER}${file}`;

/**
 * An article's HTML body, named by a hash of its text: a corrected body gets a
 * new key, written beside the live one, and only the index switch
 * (index/meta.json) makes it the one pages show. Without a hash, the name
 * bodies had before they were hashed, still read (and enough for made-up
 * content that is never published).
 */
export const bodyKey = (slug: string, hash?: string) => `${BODY_FOLDER}${slug}${hash === undefined ? '' : `.${hash}`}.html`;

/** What follows `noticias/<slug>` in a body path: an optional content hash, then `.html`. */
const BODY_PATH_END = /^(?:\.[0-9a-f]{10})?\.html$/;

/** A body path of this slug's own article: an entry can never point at another article's body. */
export function isValidBodyPath(value: string, slug: string): boolean {
  const prefix = `${BODY_FOLDER}${slug}`;
  return value.startsWith(prefix) && BODY_PATH_END.test(value.slice(prefix.length));
}
