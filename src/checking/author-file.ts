import { AUTHOR_FIELDS, type AuthorFields } from '../content/author-schema';
import { isValidSlug } from '../content/format';
import { checkFields, storedFields } from './article-fields';
import { decodeUtf8, explainJsonError } from './editor-text';
import { error, type Problem } from './problems';

/**
 * One file of the author registry as editors keep it,
 * `content/autores/<slug>.json` (`nome`, `cargo`, `bio`, optional `foto`: an
 * image file in the same folder), checked: its name, its text as JSON, its
 * keys and fields as the schema says (src/content/author-schema.ts). The
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
