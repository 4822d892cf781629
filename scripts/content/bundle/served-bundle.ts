import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { contentHash } from '../../../src/content/index/content-hash.ts';
import type { StoredAuthor } from '../../../src/content/index/index-build.ts';
import { parseIndexMeta } from '../../../src/content/index/index-parse.ts';
import { INDEX_META_KEY } from '../../../src/content/index/news-index.ts';
import { parseRegistry } from '../../../src/content/schema/authors.ts';
import { BODY_FOLDER, IMAGE_FOLDER } from '../../../src/content/schema/format.ts';
import type { NewsItem } from '../../../src/content/schema/news-item.ts';
import { itemsOfListChunks } from '../../../src/publishing/run/list-chunks.ts';

/** The folder `vite build` writes, which `npm start` serves: its content paths are the bundle the local site shows. */
const BUILD_DIR = 'dist';

/** The folders of a build that hold content, at their content paths. */
const CONTENT_FOLDERS = ['index/', BODY_FOLDER, IMAGE_FOLDER];

/**
 * The bundle a built site serves while its KV has never been published to:
 * the list, files and author registry of `dir` (the last `vite build`, which
 * `npm start` ran), not of today's content/ folder, where a journalist may
 * have written an article since. Null when there is no build.
 */
/**
 * The bundle the local site serves: its build when there is one, else the
 * bundle a build would make from content/ (slower: it checks every article
 * and its images).
 */
export const localBundle = async (dir = BUILD_DIR) => servedBundle(dir) ?? (await import('./bundle.ts')).buildContentBundle();

export function servedBundle(dir = BUILD_DIR): {
  list: NewsItem[];
  files: Map<string, string | Uint8Array>;
  authors: Record<string, StoredAuthor>;
} | null {
  const metaPath = join(dir, INDEX_META_KEY);
  if (!existsSync(metaPath)) return null;
  const files = new Map<string, string | Uint8Array>();
  for (const folder of CONTENT_FOLDERS) {
    const root = join(dir, folder);
    if (!existsSync(root)) continue;
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      const key = relative(dir, path).split(sep).join('/');
      files.set(key, key.startsWith(IMAGE_FOLDER) ? readFileSync(path) : readFileSync(path, 'utf8'));
    }
  }
  const text = (key: string) => {
    const value = files.get(key);
    return value === undefined ? null : typeof value === 'string' ? value : new TextDecoder().decode(value);
  };
  const meta = parseIndexMeta(text(INDEX_META_KEY) ?? '');
  const refuse = (why: string) => new Error(`a compilação do site em ${dir}/ está incompleta (${why}): rode npm run build`);
  const list = itemsOfListChunks(meta.listKeys, new Map(meta.listKeys.map((key) => [key, text(key)])), contentHash, refuse);
  const registry = meta.authorsKey === null ? null : text(meta.authorsKey);
  const authors = Object.fromEntries(
    [...(registry === null ? [] : parseRegistry(registry))].map(([slug, { slug: _, ...author }]) => [slug, author]),
  );
  return { list, files, authors };
}
