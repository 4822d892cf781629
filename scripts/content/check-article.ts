import { join } from 'node:path';
import { MAX_SLUG_LENGTH, SLUG_PATTERN, type NewsItem } from '../../src/content/news-item.ts';
import { bodyKey, imageKey } from '../../src/content/paths.ts';
import { parseCalendarDate } from '../../src/lib/dates.ts';
import { BODY_FILE, META_FILE, publishedImageName, shown, type ArticleSource } from './article-folder.ts';
import { checkBody } from './check-body.ts';
import { checkImage } from './check-image.ts';
import { imageVariants } from './image-variants.ts';
import { LIMITS } from './limits.ts';
import { error, hasErrors, warning, type Problem } from './problems.ts';

/** An article that passed the check, ready to publish or bundle. */
export interface PreparedArticle {
  item: NewsItem;
  body: string;
  image: { key: string; bytes: Buffer };
  /** Responsive variants of the image (see withImageVariants). */
  variants: { key: string; value: Buffer }[];
}

/** Adds the responsive image variants: slow on first run (sharp), cached after. */
export async function withImageVariants(article: PreparedArticle): Promise<PreparedArticle> {
  return { ...article, variants: await imageVariants(article.image.bytes, article.item.imagemAtual) };
}


function checkText(meta: Record<string, unknown>, field: 'titulo' | 'descricao', file: string): Problem[] {
  const value = meta[field];
  const { min, max } = field === 'titulo' ? LIMITS.titleChars : LIMITS.descriptionChars;
  if (typeof value !== 'string' || value.trim() === '') {
    return [error(file, field, `"${field}" is missing or empty`, `add "${field}": "…" to ${META_FILE}`)];
  }
  const length = value.trim().length;
  if (length < min || length > max) {
    return [error(file, field, `"${field}" has ${length} characters; ${min}–${max} are expected`, length > max ? 'shorten it: it is cut in cards and search results' : 'write a fuller text')];
  }
  if (value !== value.trim() || /\s{2,}|<[a-z/]/i.test(value)) {
    return [warning(file, field, `"${field}" has extra spaces or markup`, 'use plain text with single spaces')];
  }
  return [];
}

/**
 * Checks one article folder and, when it has no errors, prepares what to
 * publish. `knownSlugs` (all articles, live and being checked) lets body links
 * be verified.
 */
export async function checkArticle(
  source: ArticleSource,
  knownSlugs?: ReadonlySet<string>,
  today = new Date(),
): Promise<{ problems: Problem[]; article?: PreparedArticle }> {
  const problems: Problem[] = [];
  const metaFile = shown(join(source.dir, META_FILE));
  const { slug } = source;

  if (slug.length > MAX_SLUG_LENGTH || !SLUG_PATTERN.test(slug)) {
    problems.push(error(shown(source.dir), 'slug', `the folder name "${slug}" is not a valid slug`, 'rename the folder: lowercase letters, digits and single hyphens, e.g. "casas-de-madeira"'));
  }

  const meta = source.meta;
  if (source.metaError) {
    problems.push(error(metaFile, META_FILE, `${META_FILE} ${source.metaError}`, 'fix the JSON: keys and strings in double quotes, commas between fields'));
  } else if (meta === null) {
    problems.push(error(metaFile, META_FILE, `${META_FILE} is missing`, 'create it with "titulo", "descricao" and "data"'));
  } else {
    problems.push(...checkText(meta, 'titulo', metaFile), ...checkText(meta, 'descricao', metaFile));
    if (meta.slug !== undefined && meta.slug !== slug) {
      problems.push(error(metaFile, 'slug', `"slug" is "${String(meta.slug)}" but the folder is "${slug}"`, 'remove "slug": the folder name is the slug'));
    }
    const data = meta.data;
    const date = typeof data === 'string' ? parseCalendarDate(data) : null;
    if (!date) {
      problems.push(error(metaFile, 'data', `"data" is ${JSON.stringify(data)}, not a real calendar date`, 'write it as "YYYY-MM-DD", e.g. "2025-04-28"'));
    } else if (date.getTime() > today.getTime()) {
      problems.push(warning(metaFile, 'data', `"data" ${String(data)} is in the future`, 'check the date: articles are listed newest first'));
    }
    for (const key of Object.keys(meta)) {
      if (!['titulo', 'descricao', 'data', 'slug'].includes(key)) {
        problems.push(warning(metaFile, key, `unknown field "${key}" is ignored`, 'remove it, or check its spelling'));
      }
    }
  }

  const bodyFile = shown(join(source.dir, BODY_FILE));
  if (source.body === null) {
    problems.push(error(bodyFile, 'body', `${BODY_FILE} is missing`, `write the article text as HTML in ${BODY_FILE}`));
  } else {
    problems.push(...checkBody(source.body, bodyFile, knownSlugs));
  }

  const [image, ...extra] = source.images;
  if (!image) {
    problems.push(error(shown(source.dir), 'imagem', 'the article image is missing', 'add imagem.webp (or .avif, .jpg, .png), 1200×675'));
  } else {
    problems.push(...(await checkImage(image.bytes, shown(image.path))));
    if (extra.length > 0) {
      problems.push(error(shown(source.dir), 'imagem', `there are ${source.images.length} image files`, 'keep exactly one imagem.* file'));
    }
  }

  if (hasErrors(problems) || !image || !meta || source.body === null) return { problems };
  const imageFile = publishedImageName(slug, image.bytes, image.extension);
  return {
    problems,
    article: {
      item: {
        slug,
        titulo: String(meta.titulo).trim(),
        descricao: String(meta.descricao).trim(),
        data: String(meta.data),
        imagemAtual: imageFile,
        htmlPath: bodyKey(slug),
      },
      body: source.body,
      image: { key: imageKey(imageFile), bytes: image.bytes },
      variants: [],
    },
  };
}
