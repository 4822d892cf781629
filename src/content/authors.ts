import { withoutUnsafeChars } from '../lib/escape-xml';
import { isValidImageFile, isValidSlug } from './format';

/**
 * The author registry: who signs the articles. Editors keep one file per
 * author in `content/autores/<slug>.json`; the publish command stores the
 * whole registry as one index value (news-index.ts), and an article names its
 * author by slug in `autor`. An article without `autor` is signed by the
 * site's editor ({@link DEFAULT_AUTHOR_SLUG}).
 */
export interface Author {
  slug: string;
  /** The name the byline shows: "Por <nome>". */
  nome: string;
  /** The role under the name, e.g. "Repórter de mercado imobiliário". */
  cargo: string;
  /** A short biography, plain text, for the author's page. */
  bio: string;
  /** The published file name of the author's photo (square), among the article images; initials stand in when absent. */
  foto?: string;
}

/** The site's editor: signs every article that names no author, and is the registry's first entry. */
export const DEFAULT_AUTHOR_SLUG = 'helena-duarte';

/** Length limits, in characters (trimmed): the editors' check and every read apply the same. */
export const AUTHOR_TEXT = {
  nome: { min: 3, max: 80 },
  cargo: { min: 3, max: 100 },
  bio: { min: 20, max: 600 },
} as const;

/** How many authors a registry may hold: far above a newsroom, and a bound on what a corrupt one makes a read loop over. */
export const MAX_AUTHORS = 2_000;

/** Whether `slug` has an author's page: the registry lists them, or they are the site's editor (who has one without it). */
export const hasAuthorPage = (registry: ReadonlyMap<string, Author>, slug: string) => registry.has(slug) || slug === DEFAULT_AUTHOR_SLUG;

/** The author an article is signed by: its `autor`, else the site's editor. */
export const authorOf = (item: { autor?: string }) => item.autor ?? DEFAULT_AUTHOR_SLUG;

const within = (value: unknown, { min, max }: { min: number; max: number }): value is string =>
  typeof value === 'string' && value.trim().length >= min && value.trim().length <= max;

/** One raw registry entry, checked: the author, or why it is refused. */
export function parseAuthor(slug: string, raw: unknown): Author | string {
  if (!isValidSlug(slug)) return `"${slug.slice(0, 140)}" is not a slug`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'not an object';
  const value = raw as Record<string, unknown>;
  const texts = { nome: '', cargo: '', bio: '' };
  for (const field of ['nome', 'cargo', 'bio'] as const) {
    const limits = AUTHOR_TEXT[field];
    // Without the characters no feed may carry (src/lib/escape-xml.ts): a stored registry may predate the check.
    const stored = value[field];
    const given = typeof stored === 'string' ? withoutUnsafeChars(stored) : stored;
    if (!within(given, limits)) return `"${field}" is not a text of ${limits.min}–${limits.max} characters`;
    texts[field] = given.trim();
  }
  const author: Author = { slug, ...texts };
  if (value.foto !== undefined) {
    if (typeof value.foto !== 'string' || !isValidImageFile(value.foto)) return '"foto" is not an image file name';
    author.foto = value.foto;
  }
  return author;
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
