import { parseCalendarDate } from '../lib/dates';

/** A news item of the list (spec §3), as the index stores it (src/content/news-index.ts). */
export interface NewsItem {
  slug: string;
  titulo: string;
  descricao: string;
  /** Calendar date, `YYYY-MM-DD`. */
  data: string;
  /** File name inside the thumbnails folder. */
  imagemAtual: string;
  /** Content path of the HTML body, e.g. `noticias/<slug>.html`. */
  htmlPath: string;
}

/** A news item whose date has been checked and parsed once. */
export interface NewsEntry extends NewsItem {
  date: Date;
}

/** Lowercase words of letters and digits joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 120;
const IMAGE_FILE = /^[a-z0-9][a-z0-9._-]*\.(?:webp|avif|jpe?g|png)$/;
const BODY_PATH = /^noticias\/[a-z0-9][a-z0-9._-]*\.html$/;

export function isValidSlug(value: string): boolean {
  return value.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(value);
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
  if (!IMAGE_FILE.test(imagemAtual)) return `invalid image file name "${imagemAtual}"`;
  if (!BODY_PATH.test(htmlPath)) return `invalid htmlPath "${htmlPath}"`;
  return { slug, titulo, descricao, data, imagemAtual, htmlPath, date };
}
