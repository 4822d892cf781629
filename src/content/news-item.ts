import { withoutUnsafeChars } from '../lib/escape-xml';
import { isValidBodyPath, isValidImageFile, isValidSlug } from './format';
import { isThemeSlug, MAX_THEMES, type ThemeSlug } from './themes';
import { isValidUpdate, parseUpdated, publicationInstant } from './updated';

/** A news item of the list (docs/product.md §3), as the index stores it (src/content/news-index.ts). */
export interface NewsItem {
  slug: string;
  titulo: string;
  descricao: string;
  /** Publication date, `YYYY-MM-DD`, or with a São Paulo time, `YYYY-MM-DDTHH:mm`; in the future, the article is scheduled. */
  data: string;
  /** File name inside the thumbnails folder. */
  imagemAtual: string;
  /** Content path of the HTML body: `noticias/<slug>.<hash of the body>.html` (`noticias/<slug>.html` before bodies were hashed). */
  htmlPath: string;
  /** What the image shows, for readers who cannot see it (the image's alt); the title stands in when absent. */
  alt?: string;
  /** Who made the image: the caption reads "Imagem: <credito>" ("Imagem: Reprodução/Internet" when absent). */
  credito?: string;
  /** When the article was last corrected: `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`, São Paulo time, not before `data`. */
  atualizado?: string;
  /** What the correction of `atualizado` changed, as the note under the article says it (plain text); only with `atualizado`. */
  correcao?: string;
  /** Marked for the home page's featured block; only `true` is ever stored. */
  destaque?: true;
  /** The slug of the author in the registry (src/content/authors.ts); the site's editor when absent. */
  autor?: string;
  /** The themes the article belongs to (src/content/themes.ts), each once. */
  temas?: ThemeSlug[];
}

/** A news item whose dates have been checked and parsed once. */
export interface NewsEntry extends NewsItem {
  /** The calendar day of `data`, at local midnight (for formatting). */
  date: Date;
  /** The moment `data` stands for, in milliseconds: before it, the article is shown nowhere. */
  published: number;
  /** The calendar day of `atualizado`, when there is one. */
  updated?: Date;
}

/** The optional fields, in the order they are checked. */
type OptionalField = 'alt' | 'credito' | 'atualizado' | 'correcao' | 'destaque' | 'autor' | 'temas';

/** Length limits of the optional texts, in characters (trimmed); the editors' check and every read apply the same. */
export const ALT_CHARS = { min: 10, max: 150 } as const;
export const CREDIT_CHARS = { min: 3, max: 100 } as const;
export const CORRECTION_CHARS = { min: 20, max: 400 } as const;

const REQUIRED = ['slug', 'titulo', 'descricao', 'data', 'imagemAtual', 'htmlPath'] as const;

/** The fields holding an editor's text, shown on pages and written into the feed and the sitemaps. */
const TEXT_FIELDS = ['titulo', 'descricao', 'alt', 'credito', 'correcao'] as const;

/**
 * An entry with its texts as the site may show them: without the characters
 * no feed or sitemap may carry (control characters, lone surrogates:
 * src/lib/escape-xml.ts), which the editors' check refuses but an entry
 * written by an older or hostile publisher may hold. The same object when
 * there is nothing to clean.
 */
function withCleanTexts(item: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const field of TEXT_FIELDS) {
    const value = item[field];
    if (typeof value !== 'string') continue;
    const clean = withoutUnsafeChars(value);
    if (clean === value) continue;
    copy ??= { ...item };
    copy[field] = clean;
  }
  return copy ?? item;
}

/** Whether a text is within limits once trimmed. */
const textWithin = (value: unknown, { min, max }: { min: number; max: number }): value is string =>
  typeof value === 'string' && value.trim().length >= min && value.trim().length <= max;

/**
 * The optional fields an item may carry: each checked on read, and when it
 * fails its rule the entry is kept without it (the page then shows what it
 * showed before the field existed), and the reason is reported.
 */
const OPTIONAL: {
  [K in OptionalField]: (value: unknown, item: NewsItem) => string | null;
} = {
  alt: (value) => (textWithin(value, ALT_CHARS) ? null : `not a text of ${ALT_CHARS.min}–${ALT_CHARS.max} characters`),
  credito: (value) => (textWithin(value, CREDIT_CHARS) ? null : `not a text of ${CREDIT_CHARS.min}–${CREDIT_CHARS.max} characters`),
  atualizado: (value, item) =>
    typeof value === 'string' && isValidUpdate(value, item.data) ? null : 'not YYYY-MM-DD or YYYY-MM-DDTHH:mm on or after "data"',
  // Checked after `atualizado` (this object's order): a note says when, so it needs a valid date.
  correcao: (value, item) =>
    item.atualizado === undefined
      ? 'no valid "atualizado" to date it'
      : textWithin(value, CORRECTION_CHARS)
        ? null
        : `not a text of ${CORRECTION_CHARS.min}–${CORRECTION_CHARS.max} characters`,
  destaque: (value) => (value === true ? null : 'not true'),
  autor: (value) => (typeof value === 'string' && isValidSlug(value) ? null : 'not an author slug'),
  temas: (value) =>
    Array.isArray(value) &&
    value.length >= 1 &&
    value.length <= MAX_THEMES &&
    value.every(isThemeSlug) &&
    new Set(value).size === value.length
      ? null
      : `not a list of 1–${MAX_THEMES} distinct theme slugs`,
};

/** Why an optional field was left out of an entry. */
export type DroppedField = (field: string, reason: string) => void;

/**
 * Checks one raw list entry. Returns the parsed entry, or the reason it was
 * rejected: a bad entry is skipped and logged rather than breaking the page.
 * A bad optional field only drops that field, reported through `dropped`.
 * Texts are cleaned of unsafe characters first (withCleanTexts), so a title
 * that was nothing but control characters is an empty one.
 */
export function parseNewsItem(raw: unknown, dropped?: DroppedField): NewsEntry | string {
  if (typeof raw !== 'object' || raw === null) return 'not an object';
  const item = withCleanTexts(raw as Record<string, unknown>);
  for (const field of REQUIRED) {
    if (typeof item[field] !== 'string' || (item[field] as string).trim() === '') {
      return `missing or empty field "${field}"`;
    }
  }
  const { slug, titulo, descricao, data, imagemAtual, htmlPath } = item as unknown as NewsItem;
  if (!isValidSlug(slug)) return `invalid slug "${slug}"`;
  const date = parseUpdated(data)?.day;
  const published = publicationInstant(data);
  if (!date || published === null) return `invalid date "${data}"`;
  if (!isValidImageFile(imagemAtual)) return `invalid image file name "${imagemAtual}"`;
  if (!isValidBodyPath(htmlPath, slug)) return `invalid htmlPath "${htmlPath}"`;
  const entry: NewsEntry = { slug, titulo, descricao, data, imagemAtual, htmlPath, date, published };
  for (const field of Object.keys(OPTIONAL) as (keyof typeof OPTIONAL)[]) {
    const value = item[field];
    if (value === undefined) continue;
    const why = OPTIONAL[field](value, entry);
    if (why === null) (entry as unknown as Record<string, unknown>)[field] = value;
    else dropped?.(field, why);
  }
  if (entry.atualizado !== undefined) entry.updated = parseUpdated(entry.atualizado)!.day;
  return entry;
}
