import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import sharp from 'sharp';
import { decodeUtf8, explainJsonError } from '../../src/checking/editor-text.ts';
import { error, type Problem } from '../../src/checking/problems.ts';
import type { StoredAuthor } from '../../src/content/index/index-build.ts';
import { AUTHOR_FIELDS, type AuthorFields } from '../../src/content/schema/author-schema.ts';
import { imageKey, isValidSlug } from '../../src/content/schema/format.ts';
import { emptyRegistry, type LocalRegistry } from '../../src/publishing/plan/prepared-article.ts';
import { AUTHORS_FOLDER, shown } from './article-folder.ts';
import { checkFields, storedFields } from './check-fields.ts';
import { readImage } from './check-image.ts';
import { contentHash } from './content-hash.ts';

/**
 * The author registry as editors keep it: `content/autores/<slug>.json`, one
 * file per author (`nome`, `cargo`, `bio`, optional `foto`: an image file in
 * the same folder). Read beside the articles being checked or published, and
 * published with them as one index value (src/content/index/news-index.ts).
 */

/** The side of a published author photo, in pixels: twice the largest it is drawn (96 px on the author's page). */
const PHOTO_SIZE = 192;
const FIELDS = Object.keys(AUTHOR_FIELDS);

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

/** A photo as published: square, PHOTO_SIZE px, WebP, named by its bytes. */
async function publishedPhoto(slug: string, bytes: Buffer): Promise<{ key: string; value: Buffer; file: string }> {
  const value = await sharp(bytes).resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
  const file = `autor-${slug}-${contentHash(value)}.webp`;
  return { key: imageKey(file), value, file };
}

/** One author file, checked: the stored author and its photo, or the problems. */
async function readAuthor(
  folder: string,
  name: string,
): Promise<{ problems: Problem[]; author?: StoredAuthor; photo?: { key: string; value: Buffer } }> {
  const path = join(folder, name);
  const file = shown(path);
  const slug = name.slice(0, -'.json'.length);
  if (!isValidSlug(slug)) {
    return {
      problems: [
        error(
          file,
          'slug',
          `o nome do arquivo "${name}" não tem a forma <slug>.json`,
          'use letras minúsculas, algarismos e hífens, por exemplo ana-souza.json',
        ),
      ],
    };
  }
  const read = decodeUtf8(readFileSync(path), name);
  if ('fault' in read) return { problems: [error(file, name, read.fault.message, read.fault.hint)] };
  let raw: unknown;
  try {
    raw = JSON.parse(read.text);
  } catch (cause) {
    const fault = explainJsonError(read.text, name, (cause as Error).message);
    return { problems: [error(file, name, fault.message, fault.hint)] };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { problems: [error(file, name, `${name} não é um objeto { … }`, 'escreva { "nome": "…", "cargo": "…", "bio": "…" }')] };
  }
  const meta = raw as Record<string, unknown>;
  const problems: Problem[] = [];
  for (const key of Object.keys(meta)) {
    if (!FIELDS.includes(key))
      problems.push(error(file, key, `campo desconhecido "${key}"`, `um arquivo de autor aceita ${FIELDS.join(', ')}`));
  }
  // The texts as the schema says (src/content/schema/author-schema.ts); the photo is a file, read below.
  const checked = checkFields<AuthorFields>(AUTHOR_FIELDS, [], meta, file);
  problems.push(...checked.problems);
  let photo: Awaited<ReturnType<typeof publishedPhoto>> | undefined;
  if (meta.foto !== undefined) {
    const photoPath = typeof meta.foto === 'string' && !meta.foto.includes('/') ? join(folder, meta.foto) : null;
    const image = photoPath && existsSync(photoPath) ? await readImage(readFileSync(photoPath)) : null;
    if (!photoPath || !existsSync(photoPath)) {
      problems.push(
        error(
          file,
          'foto',
          `"foto" ${JSON.stringify(meta.foto)} não é um arquivo de ${shown(folder)}`,
          `ponha a foto ao lado de ${name} e indique o arquivo, por exemplo "foto": "${slug}.jpg"`,
        ),
      );
    } else if (!image || image.width < PHOTO_SIZE || image.height < PHOTO_SIZE) {
      problems.push(
        error(
          file,
          'foto',
          image
            ? `"foto" ${meta.foto} tem ${image.width}×${image.height} pixels, menos que o mínimo de ${PHOTO_SIZE}×${PHOTO_SIZE}`
            : `"foto" ${meta.foto} não é uma imagem que o site consiga ler`,
          `use uma foto quadrada em JPEG, PNG, WebP ou AVIF, de ${PHOTO_SIZE}×${PHOTO_SIZE} ou mais`,
        ),
      );
    } else {
      photo = await publishedPhoto(slug, readFileSync(photoPath));
    }
  }
  if (problems.some((problem) => problem.severity === 'error')) return { problems };
  const author = { ...storedFields(AUTHOR_FIELDS, checked.valid), ...(photo ? { foto: photo.file } : {}) } as StoredAuthor;
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
