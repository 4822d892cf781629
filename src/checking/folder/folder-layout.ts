import { contentHash } from '#src/content/index/content-hash.ts';
import { bodyKey, IMAGE_EXTENSIONS, publishedExtension } from '#src/content/schema/format.ts';
import { MARKDOWN_FILE } from '../article-file';

/**
 * What an article folder (`content/<slug>/`) holds, by name: what makes a
 * folder one, what a misnamed index.md or an old-format folder looks like,
 * and the names its body and images are published under. The commands read the
 * folders (scripts/content/check/article-folder.ts); the rules are here.
 */

/** The files of the older format (fields as JSON, body as HTML), no longer read: a folder holding them is told to convert. */
export const OLD_FORMAT_FILES = ['article.json', 'body.html'];

/** The folder of the author registry, beside the articles: never an article itself. */
export const AUTHORS_FOLDER = 'autores';

/** Files that look like an image: the accepted formats and GIF (reported as not accepted). */
export const LOOKS_LIKE_IMAGE = new RegExp(`\\.(?:${[...IMAGE_EXTENSIONS, 'gif'].join('|')})$`);

/**
 * Whether a file name was probably meant to be index.md: a wrong case, a
 * ".txt" added by Windows, another extension or name. `strict` keeps only
 * names that start like it (what makes a folder an article folder).
 */
export function meantAsIndex(name: string, strict = false): boolean {
  if (name === MARKDOWN_FILE) return false;
  return /^(?:index|artigo|article)\b/i.test(name) || (!strict && /\.(?:md|markdown)(?:\.txt)?$/i.test(name));
}

/**
 * Whether the names in a folder make it an article folder, even misnamed, in
 * the old format, or with only its image (`imagem.*`, as content:new names
 * it): what is wrong is then reported, not ignored.
 */
export const holdsAnArticle = (fileNames: readonly string[]) =>
  fileNames.some(
    (name) => name === MARKDOWN_FILE || OLD_FORMAT_FILES.includes(name) || meantAsIndex(name, true) || /^imagem\./i.test(name),
  );

/**
 * The published name of an article's image (or body figure): slug plus a hash
 * of its bytes, so a changed image gets a new URL and every URL can be cached
 * forever.
 */
export function publishedImageName(slug: string, bytes: Uint8Array, extension: string): string {
  return `${slug}-${contentHash(bytes)}.${publishedExtension(extension) ?? extension}`;
}

/** Where an article's body is published: a changed body gets a new key. */
export const publishedBodyPath = (slug: string, body: string): string => bodyKey(slug, contentHash(body));
