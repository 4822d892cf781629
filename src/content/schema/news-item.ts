import { ARTICLE_FIELDS, ARTICLE_RELATIONS, type ArticleFields } from './article-schema';
import { isValidBodyPath, isValidImageFile, isValidSlug } from './format';
import { isRecordedFormats, isRecordedShareImage, type WithShareImage, type WithVariantFormats } from './image-variants';
import { type DroppedField, readFields } from './read-fields';
import { parseUpdated, publicationInstant } from './updated';

export type { DroppedField } from './read-fields';

/**
 * A news item of the list (docs/product.md §3), as the index stores it
 * (src/content/index/news-index.ts): the article's fields (article-schema.ts) and
 * where its files are.
 */
export interface NewsItem extends ArticleFields, WithVariantFormats, WithShareImage {
  slug: string;
  /** File name inside the thumbnails folder. */
  imagemAtual: string;
  /** Content path of the HTML body: `noticias/<slug>.<hash of the body>.html` (`noticias/<slug>.html` before bodies were hashed). */
  htmlPath: string;
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

/** Where an entry's files are: written by the publish command, never by an editor. */
const FILE_FIELDS = ['slug', 'imagemAtual', 'htmlPath'] as const;

/**
 * Checks one raw list entry. Returns the parsed entry, or the reason it was
 * rejected: a bad entry is skipped and logged rather than breaking the page.
 * The article's fields are read as the schema says (read-fields.ts): texts
 * cleaned of unsafe characters, a bad optional field dropped and reported
 * through `dropped`, a required one missing or unreadable rejecting the entry.
 */
export function parseNewsItem(raw: unknown, dropped?: DroppedField): NewsEntry | string {
  if (typeof raw !== 'object' || raw === null) return 'not an object';
  const stored = raw as Record<string, unknown>;
  for (const field of FILE_FIELDS) {
    if (typeof stored[field] !== 'string' || (stored[field] as string).trim() === '') return `missing or empty field "${field}"`;
  }
  const { slug, imagemAtual, htmlPath } = stored as { slug: string; imagemAtual: string; htmlPath: string };
  if (!isValidSlug(slug)) return `invalid slug "${slug}"`;
  if (!isValidImageFile(imagemAtual)) return `invalid image file name "${imagemAtual}"`;
  if (!isValidBodyPath(htmlPath, slug)) return `invalid htmlPath "${htmlPath}"`;
  // Written by the engine, like the file fields: a value it never writes would send readers to images that do not exist.
  const { formatosImagem } = stored;
  if (formatosImagem !== undefined && !isRecordedFormats(formatosImagem)) return `invalid formatosImagem ${JSON.stringify(formatosImagem)}`;
  const { imagemSocial } = stored;
  if (imagemSocial !== undefined && !isRecordedShareImage(imagemSocial)) return `invalid imagemSocial ${JSON.stringify(imagemSocial)}`;
  const fields = readFields(ARTICLE_FIELDS, ARTICLE_RELATIONS, stored, dropped);
  if (typeof fields === 'string') return fields;
  const { titulo, descricao, data, ...optional } = fields as ArticleFields;
  const date = parseUpdated(data)!.day;
  const entry: NewsEntry = {
    slug,
    titulo,
    descricao,
    data,
    imagemAtual,
    htmlPath,
    date,
    published: publicationInstant(data)!,
    ...(formatosImagem === undefined ? {} : { formatosImagem }),
    ...(imagemSocial === undefined ? {} : { imagemSocial }),
    ...optional,
  };
  if (entry.atualizado !== undefined) entry.updated = parseUpdated(entry.atualizado)!.day;
  return entry;
}
