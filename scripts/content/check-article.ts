import { join } from 'node:path';
import { IMAGE_FORMATS, IMAGE_SIZE, imageKey, isValidSlug } from '../../src/content/format.ts';
import type { NewsItem } from '../../src/content/news-item.ts';
import { type ArticleSource, BODY_FILE, editDistance, META_FILE, publishedImageName, shown } from './article-folder.ts';
import { checkAuthorField } from './author-registry.ts';
import { checkBody } from './check-body.ts';
import { checkDate } from './check-date.ts';
import { checkAlt, checkCorrection, checkCredit, checkFeatured, checkPlainText, checkThemes, checkUpdated } from './check-fields.ts';
import { checkFigures, type FigureImage, figureVariants } from './check-figures.ts';
import { checkImage } from './check-image.ts';
import { publishedBodyPath } from './content-hash.ts';
import { orList } from './editor-text.ts';
import type { WithFigures } from './figure-files.ts';
import { imageVariants } from './image-variants.ts';
import { LIMITS } from './limits.ts';
import { error, hasErrors, type Problem } from './problems.ts';

/** An article that passed the check, ready to publish or bundle. */
export interface PreparedArticle {
  item: NewsItem & WithFigures;
  body: string;
  image: { key: string; bytes: Buffer };
  /** Responsive variants of the image and of the figures (see withImageVariants). */
  variants: { key: string; value: Buffer }[];
  /** Images the body shows, from the folder's imagens/ (check-figures.ts), named as `item.figuras` lists them. */
  figures?: FigureImage[];
}

/** Adds the responsive image variants: slow on first run (sharp), cached after. */
export async function withImageVariants(article: PreparedArticle): Promise<PreparedArticle> {
  const figures = await figureVariants(article.figures ?? []);
  return { ...article, variants: [...(await imageVariants(article.image.bytes, article.item.imagemAtual, IMAGE_SIZE)), ...figures] };
}

function checkText(meta: Record<string, unknown>, field: 'titulo' | 'descricao', file: string): Problem[] {
  const value = meta[field];
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return [error(file, field, `"${field}" is missing or empty`, `add "${field}": "…" to ${META_FILE}`)];
  }
  const limits = field === 'titulo' ? LIMITS.titleChars : LIMITS.descriptionChars;
  return checkPlainText(value, field, limits, file, '"…"', 'shorten it: it is cut in cards and search results');
}

/** The image file names an editor may use, one per format: imagem.webp, imagem.avif, imagem.jpg, imagem.png. */
const IMAGE_NAMES = Object.values(IMAGE_FORMATS).map(({ extensions }) => `imagem.${extensions[0]}`);

/** Every key article.json may hold (`slug` only as the folder's name); any other is an error. */
const FIELDS = ['titulo', 'descricao', 'data', 'alt', 'credito', 'atualizado', 'correcao', 'destaque', 'autor', 'temas', 'slug'];
/** The fields an article cannot do without: a misspelt one is reported as missing. */
const REQUIRED_FIELDS = ['titulo', 'descricao', 'data'];
const ALIASES: Record<string, string> = {
  title: 'titulo',
  description: 'descricao',
  date: 'data',
  'alt text': 'alt',
  alttext: 'alt',
  alt_text: 'alt',
  'alt-text': 'alt',
  'texto alternativo': 'alt',
  credit: 'credito',
  creditos: 'credito',
  'credito da imagem': 'credito',
  fonte: 'credito',
  updated: 'atualizado',
  'atualizado em': 'atualizado',
  atualizacao: 'atualizado',
  'data de atualizacao': 'atualizado',
  modificado: 'atualizado',
  correction: 'correcao',
  correcoes: 'correcao',
  'nota de correcao': 'correcao',
  errata: 'correcao',
  featured: 'destaque',
  'em destaque': 'destaque',
  destacado: 'destaque',
  author: 'autor',
  autora: 'autor',
  autores: 'autor',
  tema: 'temas',
  themes: 'temas',
  tags: 'temas',
  categorias: 'temas',
  hashtags: 'temas',
};

/**
 * The field a misspelt key stands for ("Título", "title" → "titulo",
 * "atualizdo" → "atualizado"), when it is not that field.
 */
function fieldMeant(key: string): string | undefined {
  const plain = key.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
  let field = ALIASES[plain] ?? plain;
  if (!FIELDS.includes(field)) {
    // One slip in a short name, two in a long one.
    field = FIELDS.find((known) => known.length >= 4 && editDistance(plain, known) <= (known.length >= 7 ? 2 : 1)) ?? field;
  }
  return FIELDS.includes(field) && field !== key ? field : undefined;
}

/**
 * The optional fields an article gives, as its list item holds them: only
 * those present (an article without them publishes exactly as before), texts
 * trimmed, `destaque` only when true.
 */
function optionalFields(
  meta: Record<string, unknown>,
): Pick<NewsItem, 'alt' | 'credito' | 'atualizado' | 'correcao' | 'destaque' | 'autor' | 'temas'> {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  const alt = text(meta.alt);
  const credito = text(meta.credito);
  const correcao = text(meta.correcao);
  return {
    ...(alt === undefined ? {} : { alt }),
    ...(credito === undefined ? {} : { credito }),
    ...(typeof meta.atualizado === 'string' ? { atualizado: meta.atualizado } : {}),
    ...(correcao === undefined ? {} : { correcao }),
    ...(meta.destaque === true ? { destaque: true as const } : {}),
    ...(typeof meta.autor === 'string' ? { autor: meta.autor } : {}),
    ...(Array.isArray(meta.temas) ? { temas: meta.temas as NewsItem['temas'] } : {}),
  };
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
  /** Whether the article is already live (or bundled): a missing `alt` is then a warning, not an error. */
  published = false,
  /** The authors `autor` may name: the registry beside the folder and the live one. */
  authors: ReadonlySet<string> = new Set(),
): Promise<{ problems: Problem[]; article?: PreparedArticle }> {
  const problems: Problem[] = [];
  const metaFile = shown(join(source.dir, META_FILE));
  const { slug } = source;

  if (!isValidSlug(slug)) {
    problems.push(
      error(
        shown(source.dir),
        'slug',
        `the folder name "${slug}" is not a valid slug`,
        'rename the folder: lowercase letters, digits and single hyphens, e.g. "casas-de-madeira"',
      ),
    );
  }

  const meta = source.meta;
  if (source.metaError) {
    problems.push(error(metaFile, META_FILE, source.metaError.message, source.metaError.hint));
  } else if (meta === null) {
    const found = source.misnamed.meta;
    problems.push(
      found
        ? error(
            metaFile,
            META_FILE,
            `${META_FILE} is missing; there is "${found}"`,
            `rename "${found}" to "${META_FILE}" (exactly, with no ".txt")`,
          )
        : error(metaFile, META_FILE, `${META_FILE} is missing`, 'create it with "titulo", "descricao" and "data"'),
    );
  } else {
    // A key spelt another way ("Título", "title") is named, rather than reported as a missing field.
    const misspelt = new Map<string, string>();
    for (const key of Object.keys(meta)) {
      const field = fieldMeant(key);
      if (field && meta[field] === undefined && !misspelt.has(field)) misspelt.set(field, key);
    }
    for (const [field, key] of misspelt) {
      problems.push(
        REQUIRED_FIELDS.includes(field) || (field === 'alt' && !published)
          ? error(
              metaFile,
              field,
              `"${field}" is missing; there is a "${key}" field`,
              `rename "${key}" to "${field}" (lowercase, no accents)`,
            )
          : error(
              metaFile,
              field,
              `unknown field "${key}"; did you mean "${field}"?`,
              `rename "${key}" to "${field}" (lowercase, no accents)`,
            ),
      );
    }
    const spelt = (field: 'titulo' | 'descricao') => (misspelt.has(field) ? [] : checkText(meta, field, metaFile));
    problems.push(...spelt('titulo'), ...spelt('descricao'));
    if (meta.slug !== undefined && meta.slug !== slug) {
      problems.push(
        error(
          metaFile,
          'slug',
          `"slug" is "${String(meta.slug)}" but the folder is "${slug}"`,
          'remove "slug": the folder name is the slug',
        ),
      );
    }
    if (!misspelt.has('data')) problems.push(...checkDate(meta.data, metaFile, today));
    if (!misspelt.has('alt')) problems.push(...checkAlt(meta, metaFile, published));
    problems.push(
      ...checkCredit(meta.credito, metaFile),
      ...checkUpdated(meta.atualizado, meta.data, metaFile, today),
      ...checkCorrection(meta, metaFile),
      ...checkFeatured(meta.destaque, metaFile),
      ...checkAuthorField(meta.autor, metaFile, authors),
      ...checkThemes(meta.temas, metaFile),
    );
    for (const key of Object.keys(meta)) {
      if (!FIELDS.includes(key) && ![...misspelt.values()].includes(key)) {
        const near = fieldMeant(key);
        problems.push(
          error(
            metaFile,
            key,
            near ? `unknown field "${key}"; did you mean "${near}"? (there is a "${near}" too)` : `unknown field "${key}"`,
            `remove it, or check its spelling: ${META_FILE} takes ${FIELDS.filter((field) => field !== 'slug').join(', ')}`,
          ),
        );
      }
    }
  }

  const bodyFile = shown(join(source.dir, BODY_FILE));
  // The body as published: its imagens/ images checked and named by their published files.
  const figured = await checkFigures(source, bodyFile);
  if (source.bodyError) {
    problems.push(error(bodyFile, 'body', source.bodyError.message, source.bodyError.hint));
  } else if (source.body === null) {
    const found = source.misnamed.body;
    problems.push(
      found
        ? error(
            bodyFile,
            'body',
            `${BODY_FILE} is missing; there is "${found}"`,
            `rename "${found}" to "${BODY_FILE}" (exactly, with no ".txt")`,
          )
        : error(bodyFile, 'body', `${BODY_FILE} is missing`, `write the article text as HTML in ${BODY_FILE}`),
    );
  } else {
    problems.push(...figured.problems, ...checkBody(figured.body ?? source.body, bodyFile, knownSlugs));
  }

  const [image, ...extra] = source.images;
  if (!image) {
    const found = source.misnamed.image;
    problems.push(
      found
        ? error(
            shown(source.dir),
            'imagem',
            `the article image is missing; there is "${found}"`,
            `name the image ${orList(IMAGE_NAMES)} (convert other formats), 1200×675`,
          )
        : error(
            shown(source.dir),
            'imagem',
            'the article image is missing',
            `add ${IMAGE_NAMES[0]} (or ${orList(IMAGE_NAMES.slice(1))}), 1200×675`,
          ),
    );
  } else {
    problems.push(...(await checkImage(image.bytes, shown(image.path))));
    if (extra.length > 0) {
      problems.push(error(shown(source.dir), 'imagem', `there are ${source.images.length} image files`, 'keep exactly one imagem.* file'));
    }
  }

  const body = figured.body;
  if (hasErrors(problems) || !image || !meta || body === null) return { problems };
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
        htmlPath: publishedBodyPath(slug, body),
        ...optionalFields(meta),
        ...(figured.figures.length > 0 ? { figuras: figured.figures.map((figure) => figure.file) } : {}),
      },
      body,
      figures: figured.figures,
      image: { key: imageKey(imageFile), bytes: image.bytes },
      variants: [],
    },
  };
}
