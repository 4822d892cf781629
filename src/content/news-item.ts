import { parseCalendarDate } from '../lib/dates';

/** A news item of the list (docs/product.md §3), as the index stores it (src/content/news-index.ts). */
export interface NewsItem {
  slug: string;
  titulo: string;
  descricao: string;
  /** Calendar date, `YYYY-MM-DD`. */
  data: string;
  /** File name inside the thumbnails folder. */
  imagemAtual: string;
  /** Content path of the HTML body: `noticias/<slug>.<hash of the body>.html` (`noticias/<slug>.html` before bodies were hashed). */
  htmlPath: string;
}

/** A news item whose date has been checked and parsed once. */
export interface NewsEntry extends NewsItem {
  date: Date;
}

/** Lowercase words of letters and digits joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 120;
const IMAGE_FILE = /^[a-z0-9][a-z0-9._-]{0,200}\.(?:webp|avif|jpe?g|png)$/;
/** What follows `noticias/<slug>` in a body path: an optional content hash, then `.html`. */
const BODY_PATH_END = /^(?:\.[0-9a-f]{10})?\.html$/;

export function isValidSlug(value: string): boolean {
  return value.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(value);
}

export const isValidImageFile = (value: string) => IMAGE_FILE.test(value);

/** A body path of this slug's own article: an entry can never point at another article's body. */
export function isValidBodyPath(value: string, slug: string): boolean {
  const prefix = `noticias/${slug}`;
  return value.startsWith(prefix) && BODY_PATH_END.test(value.slice(prefix.length));
}

/**
 * Checks one raw list entry. Returns the parsed entry, or the reason it was
 * rejected: a bad entry is skipped and logged rather than breaking the page.
 */
export function parseNewsItem(raw: unknown): NewsEntry | string {
  if (typeof raw !== 'object' || raw === null) return 'not an object';
  const item = raw as Record<string, unknown>;
  for (const field of ['slug', 'titulo', 'descricao', 'data', 'imagemAtual', 'htmlPath']) {
    if (typeof item[field] !== 'string' || (item[field] as string).trim() === '') {
      return `missing or empty field "${field}"`;
    }
  }
  const { slug, titulo, descricao, data, imagemAtual, htmlPath } = item as unknown as NewsItem;
  if (!isValidSlug(slug)) return `invalid slug "${slug}"`;
  const date = parseCalendarDate(data);
  if (!date) return `invalid date "${data}"`;
  if (!isValidImageFile(imagemAtual)) return `invalid image file name "${imagemAtual}"`;
  if (!isValidBodyPath(htmlPath, slug)) return `invalid htmlPath "${htmlPath}"`;
  return { slug, titulo, descricao, data, imagemAtual, htmlPath, date };
}
