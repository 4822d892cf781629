import { AUTHOR_FIELDS, type AuthorFields } from '#src/content/schema/author-schema.ts';
import { isValidSlug } from '#src/content/schema/format.ts';
import { decodeUtf8, explainJsonError } from '../editor-text';
import { AUTHOR_PHOTO_SIZE as PHOTO_SIZE } from '../limits';
import { error, type Problem } from '../problems';
import { checkFields, storedFields } from './article-fields';
import type { ImageInfo } from './images';

/**
 * One file of the author registry as editors keep it,
 * `content/autores/<slug>.json` (`nome`, `cargo`, `bio`, optional `foto`: an
 * image file in the same folder), checked: its name, its text as JSON, its
 * keys and fields as the schema says (src/content/schema/author-schema.ts). The
 * photo `foto` names is read and checked by the commands
 * (scripts/content/check/author-registry.ts).
 */

const FIELDS = Object.keys(AUTHOR_FIELDS);

export type CheckedAuthorFile =
  | { problems: Problem[]; slug?: undefined }
  | { problems: Problem[]; slug: string; foto: unknown; fields: Partial<AuthorFields> };

export function checkAuthorFile(name: string, bytes: Uint8Array, file: string): CheckedAuthorFile {
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
  const read = decodeUtf8(bytes, name);
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
  // The texts as the schema says; the photo is a file, read by the caller.
  const checked = checkFields<AuthorFields>(AUTHOR_FIELDS, [], meta, file);
  problems.push(...checked.problems);
  return { problems, slug, foto: meta.foto, fields: storedFields(AUTHOR_FIELDS, checked.valid) };
}

/**
 * What is wrong with the photo an author file names in `foto`: not a file of
 * its folder (`found`), not an image, or smaller than a published photo. Null
 * when it can be published.
 */
export function photoProblem(
  foto: unknown,
  found: boolean,
  image: ImageInfo | null,
  { file, folder, name, slug }: { file: string; folder: string; name: string; slug: string },
): Problem | null {
  if (!found) {
    return error(
      file,
      'foto',
      `"foto" ${JSON.stringify(foto)} não é um arquivo de ${folder}`,
      `ponha a foto ao lado de ${name} e indique o arquivo, por exemplo "foto": "${slug}.jpg"`,
    );
  }
  if (image && image.width >= PHOTO_SIZE && image.height >= PHOTO_SIZE) return null;
  return error(
    file,
    'foto',
    image
      ? `"foto" ${foto} tem ${image.width}×${image.height} pixels, menos que o mínimo de ${PHOTO_SIZE}×${PHOTO_SIZE}`
      : `"foto" ${foto} não é uma imagem que o site consiga ler`,
    `use uma foto quadrada em JPEG, PNG, WebP ou AVIF, de ${PHOTO_SIZE}×${PHOTO_SIZE} ou mais`,
  );
}
