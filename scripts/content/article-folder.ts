import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

/** The files of one article folder: `content/<slug>/`. */
export const META_FILE = 'article.json';
export const BODY_FILE = 'body.html';
const IMAGE_EXTENSIONS = ['webp', 'avif', 'jpg', 'jpeg', 'png'];

/** An article folder as an editor wrote it, before any check. */
export interface ArticleSource {
  slug: string;
  dir: string;
  /** Parsed article.json; null when missing or unreadable (see metaError). */
  meta: Record<string, unknown> | null;
  /** Why article.json could not be read, when it exists. */
  metaError: string | null;
  body: string | null;
  images: { path: string; bytes: Buffer; extension: string }[];
}

/** A path shown to the editor: relative to the working directory. */
export const shown = (path: string) => relative(process.cwd(), path) || '.';

/** A folder with any of an article's files (a missing one is then reported, not ignored). */
export function isArticleFolder(dir: string): boolean {
  return existsSync(join(dir, META_FILE)) || existsSync(join(dir, BODY_FILE));
}

/** The article folders at a path: the path itself, or the folders directly inside it. */
export function findArticleFolders(path: string): string[] {
  if (!existsSync(path) || !statSync(path).isDirectory()) return [];
  if (isArticleFolder(path)) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => join(path, entry.name))
    .sort();
}

export function readArticleFolder(dir: string): ArticleSource {
  const metaPath = join(dir, META_FILE);
  let meta: ArticleSource['meta'] = null;
  let metaError: string | null = null;
  if (existsSync(metaPath)) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(metaPath, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) meta = parsed as Record<string, unknown>;
      else metaError = 'is not a JSON object';
    } catch (cause) {
      metaError = `is not valid JSON (${(cause as Error).message})`;
    }
  }
  const bodyPath = join(dir, BODY_FILE);
  const body = existsSync(bodyPath) ? readFileSync(bodyPath, 'utf8') : null;
  const images = readdirSync(dir)
    .map((name) => /^imagem\.([a-z]+)$/i.exec(name))
    .filter((match): match is RegExpExecArray => match !== null && IMAGE_EXTENSIONS.includes(match[1]!.toLowerCase()))
    .map((match) => ({ path: join(dir, match[0]), bytes: readFileSync(join(dir, match[0])), extension: match[1]!.toLowerCase() }));
  return { slug: basename(dir), dir, meta, metaError, body, images };
}

/**
 * The published name of an article's image: slug plus a hash of its bytes, so
 * a changed image gets a new URL and every URL can be cached forever.
 */
export function publishedImageName(slug: string, bytes: Buffer, extension: string): string {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  return `${slug}-${hash}.${extension === 'jpeg' ? 'jpg' : extension}`;
}
