import { join } from 'node:path';
import { checkBody } from '../../src/checking/check-body.ts';
import { orList } from '../../src/checking/editor-text.ts';
import { IMAGE_FIELD, MARKDOWN_FILE, placeInMarkdown } from '../../src/checking/markdown-article.ts';
import { cleanedHint, cleanPastedMarkup, describeCleaned } from '../../src/checking/pasted-markup.ts';
import { error, hasErrors, type Problem, warning } from '../../src/checking/problems.ts';
import type { ArticleFields } from '../../src/content/article-schema.ts';
import { IMAGE_FORMATS, IMAGE_SIZE, imageKey, isValidSlug } from '../../src/content/format.ts';
import type { PreparedArticle } from '../../src/publishing/prepared-article.ts';
import { type ArticleSource, BODY_FILE, META_FILE, publishedImageName, shown } from './article-folder.ts';
import { checkArticleFields } from './check-fields.ts';
import { checkFigures, figureVariants } from './check-figures.ts';
import { checkImage, type PublishedImage } from './check-image.ts';
import { publishedBodyPath } from './content-hash.ts';
import { ARTICLE_KEYS, fieldMeant, isRequiredField } from './field-names.ts';
import { imageVariants } from './image-variants.ts';

/** An article checked: every problem, and the article to publish when none is an error. */
export interface CheckedArticle {
  problems: Problem[];
  article?: PreparedArticle;
}

/**
 * Google Docs' HTML pasted into index.md: Markdown takes the pasted lines as
 * a paragraph and its own, so the markup no longer fits together and the
 * policy's errors name tags the editor never typed. One error says what
 * happened and the way out, before them.
 */
const docsPastedAsHtml = (file: string, line: number) =>
  error(
    file,
    'body: colado',
    `linha ${line}: isto é o HTML que o Google Docs copia, colado no ${MARKDOWN_FILE}: o Markdown não o lê como texto, e os erros abaixo vêm dele`,
    'apague o trecho colado e cole o texto de novo como texto simples (Ctrl+Shift+V); depois marque os intertítulos com ## e as listas com -',
  );

/** Adds the responsive image variants: slow on first run (sharp), cached after. */
export async function withImageVariants(article: PreparedArticle): Promise<PreparedArticle> {
  const figures = await figureVariants(article.figures ?? []);
  return { ...article, variants: [...(await imageVariants(article.image.bytes, article.item.imagemAtual, IMAGE_SIZE)), ...figures] };
}

/** The image file names an editor may use, one per format: imagem.webp, imagem.avif, imagem.jpg, imagem.png. */
const IMAGE_NAMES = Object.values(IMAGE_FORMATS).map(({ extensions }) => `imagem.${extensions[0]}`);

/**
 * Checks one article folder and, when it has no errors, prepares what to
 * publish. `knownSlugs` (all articles, live and being checked) lets body links
 * be verified. A folder written as index.md is checked by the same rules, each
 * problem at its line of index.md (scripts/content/markdown-article.ts).
 */
export async function checkArticle(
  source: ArticleSource,
  knownSlugs?: ReadonlySet<string>,
  today = new Date(),
  /** Whether the article is already live (or bundled): a missing `alt` is then a warning, not an error. */
  published = false,
  /** The authors `autor` may name: the registry beside the folder and the live one. */
  authors: ReadonlySet<string> = new Set(),
): Promise<CheckedArticle> {
  const checked = await checkFolder(source, knownSlugs, today, published, authors);
  const markdown = source.markdown;
  if (!markdown) return checked;
  const file = shown(markdown.path);
  const problems: Problem[] = [];
  // The first fault is the one said as the front matter's error (metaError); the others follow it.
  const faults = markdown.faults.slice(source.meta === null && source.metaError ? 1 : 0);
  for (const problem of checked.problems) {
    // An unreadable index.md has its error; no body to report on.
    if (source.body === null && problem.field === 'body') continue;
    // The main image is named by `imagem`: its own words for what is wrong (nothing while the front matter cannot be read).
    if (problem.field === 'imagem' && problem.file === shown(source.dir) && source.images.length === 0) {
      const fault = markdown.imageFault;
      if (fault) problems.push(placeInMarkdown(error(file, IMAGE_FIELD, fault.message, fault.hint), markdown));
      continue;
    }
    problems.push(placeInMarkdown(problem, markdown));
  }
  if (source.body !== null) {
    for (const note of markdown.notes)
      problems.push(
        (note.severity === 'error' ? error : warning)(file, `body: ${note.subject}`, `linha ${note.line}: ${note.message}`, note.hint),
      );
  }
  problems.unshift(
    ...faults.map((fault) => error(file, MARKDOWN_FILE, fault.message, fault.hint)),
    ...markdown.cleaned.map((fault) => warning(file, MARKDOWN_FILE, fault.message, fault.hint)),
  );
  if (faults.length > 0) return { problems };
  // The Markdown reader's own errors (markdown.notes) block a publish as the folder's do.
  const { article } = checked;
  return { problems, ...(article && !hasErrors(problems) ? { article } : {}) };
}

async function checkFolder(
  source: ArticleSource,
  knownSlugs: ReadonlySet<string> | undefined,
  today: Date,
  published: boolean,
  authors: ReadonlySet<string>,
): Promise<CheckedArticle> {
  const problems: Problem[] = [];
  const metaFile = shown(source.markdown?.path ?? join(source.dir, META_FILE));
  const metaName = source.markdown ? 'cabeçalho' : META_FILE;
  const { slug } = source;

  if (!isValidSlug(slug)) {
    problems.push(
      error(
        shown(source.dir),
        'slug',
        `o nome da pasta, "${slug}", não é um slug válido`,
        'renomeie a pasta: letras minúsculas sem acento, algarismos e hífens simples, por exemplo "casas-de-madeira"',
      ),
    );
  }

  const meta = source.meta;
  let fields: Partial<ArticleFields> = {};
  if (source.metaError) {
    problems.push(error(metaFile, metaName, source.metaError.message, source.metaError.hint));
  } else if (meta === null) {
    const found = source.misnamed.meta;
    problems.push(
      found
        ? error(
            metaFile,
            META_FILE,
            `falta ${META_FILE}; há "${found}"`,
            `renomeie "${found}" para "${META_FILE}" (exatamente assim, sem ".txt")`,
          )
        : error(metaFile, META_FILE, `falta ${META_FILE}`, 'crie-o com "titulo", "descricao" e "data"'),
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
        isRequiredField(field) || (field === 'alt' && !published)
          ? error(metaFile, field, `falta "${field}"; há um campo "${key}"`, `renomeie "${key}" para "${field}" (minúsculas, sem acento)`)
          : error(
              metaFile,
              field,
              `campo desconhecido "${key}"; você quis dizer "${field}"?`,
              `renomeie "${key}" para "${field}" (minúsculas, sem acento)`,
            ),
      );
    }
    const checked = checkArticleFields(meta, metaFile, { today, published, authors, misspelt: new Set(misspelt.keys()) });
    fields = checked.fields;
    if (meta.slug !== undefined && meta.slug !== slug) {
      problems.push(
        error(metaFile, 'slug', `"slug" é "${String(meta.slug)}", mas a pasta é "${slug}"`, 'apague "slug": o nome da pasta é o slug'),
      );
    }
    problems.push(...checked.problems);
    for (const key of Object.keys(meta)) {
      if (!ARTICLE_KEYS.includes(key) && ![...misspelt.values()].includes(key)) {
        const near = fieldMeant(key);
        problems.push(
          error(
            metaFile,
            key,
            near ? `campo desconhecido "${key}"; você quis dizer "${near}"? (já há um "${near}")` : `campo desconhecido "${key}"`,
            `apague-o, ou confira a grafia: ${source.markdown ? `o ${MARKDOWN_FILE} aceita ${IMAGE_FIELD}, ` : `o ${META_FILE} aceita `}${ARTICLE_KEYS.filter((field) => field !== 'slug').join(', ')}`,
          ),
        );
      }
    }
  }

  const bodyFile = shown(source.markdown?.path ?? join(source.dir, BODY_FILE));
  // The body as published: its imagens/ images checked and named by their published files.
  // What a word processor left in a pasted body is taken out first, and said; the policy then judges the rest.
  const pasted = source.body === null ? null : cleanPastedMarkup(source.body);
  const cleanedSource = pasted ? { ...source, body: pasted.html } : source;
  const figured = await checkFigures(cleanedSource, bodyFile);
  if (source.bodyError) {
    problems.push(error(bodyFile, 'body', source.bodyError.message, source.bodyError.hint));
  } else if (source.body === null) {
    const found = source.misnamed.body;
    problems.push(
      found
        ? error(
            bodyFile,
            'body',
            `falta ${BODY_FILE}; há "${found}"`,
            `renomeie "${found}" para "${BODY_FILE}" (exatamente assim, sem ".txt")`,
          )
        : error(bodyFile, 'body', `falta ${BODY_FILE}`, `escreva o texto do artigo em HTML no ${BODY_FILE}`),
    );
  } else {
    // Appended one by one: spread into one call, a long list overflows the call stack.
    const cleaned = (pasted?.cleaned ?? []).map((what) =>
      warning(bodyFile, 'body: colado', `linha ${what.line}: ${describeCleaned(what)}`, cleanedHint(what.kind)),
    );
    const judged = [...cleaned, ...figured.problems, ...checkBody(figured.body ?? cleanedSource.body!, bodyFile, knownSlugs)];
    const docs = source.markdown ? pasted?.cleaned.find(({ kind }) => kind === 'docs-wrapper') : undefined;
    if (docs && hasErrors(judged)) problems.push(docsPastedAsHtml(bodyFile, docs.line));
    for (const problem of judged) problems.push(problem);
  }

  const [image, ...extra] = source.images;
  let mainImage: PublishedImage | undefined;
  if (!image) {
    const found = source.misnamed.image;
    problems.push(
      found
        ? error(
            shown(source.dir),
            'imagem',
            `falta a imagem do artigo; há "${found}"`,
            `dê à imagem o nome ${orList(IMAGE_NAMES)} (converta outros formatos), 1200×675`,
          )
        : error(
            shown(source.dir),
            'imagem',
            'falta a imagem do artigo',
            `acrescente ${IMAGE_NAMES[0]} (ou ${orList(IMAGE_NAMES.slice(1))}), 1200×675`,
          ),
    );
  } else {
    const checked = await checkImage(image.bytes, shown(image.path), image.extension);
    problems.push(...checked.problems);
    mainImage = checked.published;
    if (extra.length > 0) {
      problems.push(error(shown(source.dir), 'imagem', `há ${source.images.length} arquivos de imagem`, 'deixe só um arquivo imagem.*'));
    }
  }

  const body = figured.body;
  const { titulo, descricao, data, ...optional } = fields;
  if (!mainImage || !meta || body === null || !isValidSlug(slug) || !titulo || !descricao || !data) return { problems };
  const imageFile = publishedImageName(slug, mainImage.bytes, mainImage.extension);
  const article: PreparedArticle = {
    item: {
      slug,
      titulo,
      descricao,
      data,
      imagemAtual: imageFile,
      htmlPath: publishedBodyPath(slug, body),
      ...optional,
      ...(figured.figures.length > 0 ? { figuras: figured.figures.map((figure) => figure.file) } : {}),
    },
    body,
    figures: figured.figures,
    image: { key: imageKey(imageFile), bytes: mainImage.bytes },
    variants: [],
  };
  return hasErrors(problems) ? { problems } : { problems, article };
}
