import { ARTICLE_FIELDS } from '#src/content/schema/article-schema.ts';
import type { FieldSpec } from '#src/content/schema/field-rules.ts';

/**
 * The keys the front matter of index.md may hold, and the field a key spelt another way
 * means ("Título", "title" → "titulo", "atualizdo" → "atualizado"): the
 * schema's fields and their aliases (src/content/schema/article-schema.ts), compared
 * without accents, case, spaces, hyphens or underscores, and one slip in a
 * short name or two in a long one.
 */

/** Every key the front matter may hold besides `imagem` (`slug` only as the folder's name); any other is an error. */
export const ARTICLE_KEYS = [...Object.keys(ARTICLE_FIELDS), 'slug'];

/** The fields every article gives: one spelt another way is reported as missing. */
export const isRequiredField = (field: string) =>
  Object.hasOwn(ARTICLE_FIELDS, field) && (ARTICLE_FIELDS as Record<string, FieldSpec>)[field]!.required !== undefined;

/** A key as compared. */
const plain = (key: string) =>
  key
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

const ALIASES = new Map(
  Object.entries(ARTICLE_FIELDS as Record<string, FieldSpec>).flatMap(([field, spec]) =>
    (spec.aliases ?? []).map((alias) => [plain(alias), field] as const),
  ),
);

/** The field a key stands for, when it is not that field. */
export function fieldMeant(key: string): string | undefined {
  const compared = plain(key);
  let field = ALIASES.get(compared) ?? compared;
  if (!ARTICLE_KEYS.includes(field)) {
    field = ARTICLE_KEYS.find((known) => known.length >= 4 && editDistance(compared, known) <= (known.length >= 7 ? 2 : 1)) ?? field;
  }
  return ARTICLE_KEYS.includes(field) && field !== key ? field : undefined;
}

/** How many one-character edits turn a into b (Levenshtein): for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}
