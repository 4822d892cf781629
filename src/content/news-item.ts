import { parseCalendarDate } from '../lib/dates';
import { isValidBodyPath, isValidImageFile, isValidSlug } from './format';

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
