import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { checkAuthorFile, photoProblem } from '../../../src/checking/folder/author-file.ts';
import { AUTHORS_FOLDER } from '../../../src/checking/folder/folder-layout.ts';
import { AUTHOR_PHOTO_SIZE } from '../../../src/checking/limits.ts';
import type { Problem } from '../../../src/checking/problems.ts';
import type { StoredAuthor } from '../../../src/content/index/index-build.ts';
import { emptyRegistry, type LocalRegistry } from '../../../src/publishing/plan/prepared-article.ts';
import { shown } from './article-folder.ts';
import { publishedPhoto, SHARP } from './images.ts';

/**
 * The author registry beside the articles being checked or published
 * (`content/autores/<slug>.json`, one file per author, src/checking/folder/
 * author-file.ts), read from disk with the photos its files name, and
 * published with them as one index value (src/content/index/news-index.ts).
 */

/** Whether a folder is an author registry (`…/autores`), rather than an article or a folder of articles. */
export const isAuthorsFolder = (path: string) => basename(resolve(path)) === AUTHORS_FOLDER;

/**
 * The registry folders for the paths an editor passed: `autores/` inside a
 * folder of articles (check-folder.ts passes an article folder's parent), or
 * the path itself.
 */
export function registryFolders(paths: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const path of paths) {
    if (!existsSync(path) || !statSync(path).isDirectory()) continue;
    const folder = isAuthorsFolder(path) ? path : join(path, AUTHORS_FOLDER);
    if (existsSync(folder) && statSync(folder).isDirectory()) folders.add(resolve(folder));
  }
  return [...folders].sort();
}

/** One author file, checked: the stored author and its photo, or the problems. */
async function readAuthor(
  folder: string,
  name: string,
): Promise<{ problems: Problem[]; author?: StoredAuthor; photo?: { key: string; value: Buffer } }> {
  const path = join(folder, name);
  const file = shown(path);
  const checked = checkAuthorFile(name, readFileSync(path), file);
  if (checked.slug === undefined) return { problems: checked.problems };
  const { problems, slug, foto } = checked;
  let photo: Awaited<ReturnType<typeof publishedPhoto>> | undefined;
  if (foto !== undefined) {
    const path = typeof foto === 'string' && !foto.includes('/') ? join(folder, foto) : null;
    const bytes = path && existsSync(path) ? readFileSync(path) : null;
    const image = bytes && (await SHARP.read(bytes));
    const problem = photoProblem(foto, bytes !== null, image, { file, folder: shown(folder), name, slug });
    if (problem) problems.push(problem);
    else photo = await publishedPhoto(slug, bytes!, AUTHOR_PHOTO_SIZE);
  }
  if (problems.some((problem) => problem.severity === 'error')) return { problems };
  const author = { ...checked.fields, ...(photo ? { foto: photo.file } : {}) } as StoredAuthor;
  return { problems, author, ...(photo ? { photo: { key: photo.key, value: photo.value } } : {}) };
}

/** Every author file of the registry folders, checked; the site's editor must be among them when there is a registry. */
export async function readRegistry(folders: readonly string[]): Promise<{ problems: Problem[]; registry: LocalRegistry }> {
  const problems: Problem[] = [];
  const registry = emptyRegistry();
  for (const folder of folders) {
    for (const name of readdirSync(folder).sort()) {
      if (!name.endsWith('.json')) continue;
      const read = await readAuthor(folder, name);
      problems.push(...read.problems);
      if (!read.author) continue;
      registry.authors[name.slice(0, -'.json'.length)] = read.author;
      if (read.photo) registry.photos.push(read.photo);
    }
  }
  return { problems, registry };
}
