import { AUTHOR_FIELDS, type AuthorFields } from './author-schema';
import { isValidSlug } from './format';
import { readFields } from './read-fields';

/**
 * The author registry: who signs the articles. Editors keep one file per
 * author in `content/autores/<slug>.json`; the publish command stores the
 * whole registry as one index value (news-index.ts), and an article names its
 * author by slug in `autor`. An article without `autor` is signed by the
 * site's editor ({@link DEFAULT_AUTHOR_SLUG}).
 */
export interface Author extends AuthorFields {
  slug: string;
}

/** The site's editor: signs every article that names no author, and is the registry's first entry. */
export const DEFAULT_AUTHOR_SLUG = 'helena-duarte';

/** How many authors a registry may hold: far above a newsroom, and a bound on what a corrupt one makes a read loop over. */
export const MAX_AUTHORS = 2_000;

/** Whether `slug` has an author's page: the registry lists them, or they are the site's editor (who has one without it). */
export const hasAuthorPage = (registry: ReadonlyMap<string, Author>, slug: string) => registry.has(slug) || slug === DEFAULT_AUTHOR_SLUG;

/** The author an article is signed by: its `autor`, else the site's editor. */
export const authorOf = (item: { autor?: string }) => item.autor ?? DEFAULT_AUTHOR_SLUG;

/**
 * One raw registry entry, checked as the schema says (author-schema.ts): the
 * author, with texts cleaned and trimmed, or why it is refused. Any field that
 * fails refuses the author, whose articles are then signed by the site's editor.
 */
export function parseAuthor(slug: string, raw: unknown): Author | string {
  if (!isValidSlug(slug)) return `"${slug.slice(0, 140)}" is not a slug`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'not an object';
  let refused: string | undefined;
  const fields = readFields<AuthorFields>(AUTHOR_FIELDS, [], raw as Record<string, unknown>, (_, reason) => {
    refused ??= reason;
  });
  if (typeof fields === 'string') return fields;
  if (refused !== undefined) return refused;
  const { nome, cargo, bio, foto } = fields as AuthorFields;
  return { slug, nome: nome.trim(), cargo: cargo.trim(), bio: bio.trim(), ...(foto === undefined ? {} : { foto }) };
}

/**
 * A stored registry's text (slug → author), checked: a bad entry is left
 * out and reported, the others kept. Throws when the value as a whole is not
 * a registry (not JSON, not an object, too many entries).
 */
export function parseRegistry(text: string, skipped?: (slug: string, reason: string) => void): Map<string, Author> {
  const raw: unknown = JSON.parse(text);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('the author registry is not an object');
  const entries = Object.entries(raw);
  if (entries.length > MAX_AUTHORS) throw new Error(`the author registry has ${entries.length} entries, more than ${MAX_AUTHORS}`);
  const authors = new Map<string, Author>();
  for (const [slug, value] of entries) {
    const author = parseAuthor(slug, value);
    if (typeof author === 'string') skipped?.(slug, author);
    else authors.set(slug, author);
  }
  return authors;
}
