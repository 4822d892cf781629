import { IMAGE_FIELD, MARKDOWN_FILE, MESSAGES } from '../../src/checking/article-file.ts';
import { checkBody } from '../../src/checking/check-body.ts';
import { placeInMarkdown } from '../../src/checking/markdown-article.ts';
import { cleanedHint, cleanPastedMarkup, describeCleaned } from '../../src/checking/pasted-markup.ts';
import { error, hasErrors, type Problem, warning } from '../../src/checking/problems.ts';
import type { ArticleFields } from '../../src/content/schema/article-schema.ts';
import { IMAGE_SIZE, imageKey, isValidSlug } from '../../src/content/schema/format.ts';
import type { PreparedArticle } from '../../src/publishing/plan/prepared-article.ts';
import { type ArticleSource, publishedImageName, shown } from './article-folder.ts';
import { type ArticleContext, checkArticleFields } from './check-fields.ts';
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

/**
 * Checks one article folder (index.md, its main image, its imagens/) and,
 * when it has no errors, prepares what to publish: each problem at its line
 * of index.md. `knownSlugs` (all articles, live and being checked) lets body
 * links be verified.
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
  const file = shown(source.path);
  const { slug, markdown } = source;
  const problems: Problem[] = [];
  const slugProblem = isValidSlug(slug)
    ? []
    : [
        error(
          shown(source.dir),
          'slug',
          `o nome da pasta, "${slug}", não é um slug válido`,
          'renomeie a pasta: letras minúsculas sem acento, algarismos e hífens simples, por exemplo "casas-de-madeira"',
        ),
      ];
  if (!markdown) {
    const fault = source.unreadable ?? MESSAGES.missing;
    return { problems: [...slugProblem, error(file, MARKDOWN_FILE, fault.message, fault.hint)] };
  }
  const place = (problem: Problem) => placeInMarkdown(problem, markdown);
  // Front matter that cannot be read is said as the header's error (its first fault, below); the file's other faults come first.
  const [unread] = markdown.fields === null ? markdown.faults : [];
  const others = unread ? markdown.faults.slice(1) : markdown.faults;
  problems.push(
    ...others.map((fault) => error(file, MARKDOWN_FILE, fault.message, fault.hint)),
    ...markdown.cleaned.map((fault) => warning(file, MARKDOWN_FILE, fault.message, fault.hint)),
    ...slugProblem,
  );

  let fields: Partial<ArticleFields> = {};
  if (unread) problems.push(error(file, 'cabeçalho', unread.message, unread.hint));
  if (markdown.fields !== null) {
    const checked = checkFrontMatter(markdown.fields, slug, file, { today, published, authors });
    fields = checked.fields;
    problems.push(...checked.problems.map(place));
  }

  // The body as published: what a word processor left in a pasted body is taken out first, and said;
  // its imagens/ images are checked and named by their published files; the policy then judges the rest.
  const pasted = cleanPastedMarkup(markdown.body);
  const figured = await checkFigures(source, pasted.html, file);
  const judged = [
    ...pasted.cleaned.map((what) => warning(file, 'body: colado', `linha ${what.line}: ${describeCleaned(what)}`, cleanedHint(what.kind))),
    ...figured.problems,
    ...checkBody(figured.body, file, knownSlugs),
  ];
  const docs = pasted.cleaned.find(({ kind }) => kind === 'docs-wrapper');
  if (docs && hasErrors(judged)) problems.push(place(docsPastedAsHtml(file, docs.line)));
  // Appended one by one: spread into one call, a long list overflows the call stack.
  for (const problem of judged) problems.push(place(problem));

  let mainImage: PublishedImage | undefined;
  if (source.image) {
    const checked = await checkImage(source.image.bytes, shown(source.image.path), source.image.extension);
    problems.push(...checked.problems.map(place));
    mainImage = checked.published;
  } else if (source.imageFault) {
    problems.push(place(error(file, IMAGE_FIELD, source.imageFault.message, source.imageFault.hint)));
  }
  for (const note of markdown.notes)
    problems.push(
      (note.severity === 'error' ? error : warning)(file, `body: ${note.subject}`, `linha ${note.line}: ${note.message}`, note.hint),
    );

  const { titulo, descricao, data, ...optional } = fields;
  if (others.length > 0 || !mainImage || slugProblem.length > 0 || !titulo || !descricao || !data) return { problems };
  const imageFile = publishedImageName(slug, mainImage.bytes, mainImage.extension);
  const article: PreparedArticle = {
    item: {
      slug,
      titulo,
      descricao,
      data,
      imagemAtual: imageFile,
      htmlPath: publishedBodyPath(slug, figured.body),
      ...optional,
      ...(figured.figures.length > 0 ? { figuras: figured.figures.map((figure) => figure.file) } : {}),
    },
    body: figured.body,
    figures: figured.figures,
    image: { key: imageKey(imageFile), bytes: mainImage.bytes },
    variants: [],
  };
  return hasErrors(problems) ? { problems } : { problems, article };
}

/**
 * The fields of the front matter: a key spelt another way ("Título",
 * "title") named as such rather than as a missing field, every field's rules
 * (check-fields.ts), a `slug` that is not the folder's, unknown keys.
 */
function checkFrontMatter(
  meta: Record<string, unknown>,
  slug: string,
  file: string,
  context: Omit<ArticleContext, 'misspelt'>,
): { problems: Problem[]; fields: Partial<ArticleFields> } {
  const problems: Problem[] = [];
  const misspelt = new Map<string, string>();
  for (const key of Object.keys(meta)) {
    const field = fieldMeant(key);
    if (field && meta[field] === undefined && !misspelt.has(field)) misspelt.set(field, key);
  }
  for (const [field, key] of misspelt) {
    problems.push(
      isRequiredField(field) || (field === 'alt' && !context.published)
        ? error(file, field, `falta "${field}"; há um campo "${key}"`, `renomeie "${key}" para "${field}" (minúsculas, sem acento)`)
        : error(
            file,
            field,
            `campo desconhecido "${key}"; você quis dizer "${field}"?`,
            `renomeie "${key}" para "${field}" (minúsculas, sem acento)`,
          ),
    );
  }
  const checked = checkArticleFields(meta, file, { ...context, misspelt: new Set(misspelt.keys()) });
  if (meta.slug !== undefined && meta.slug !== slug) {
    problems.push(
      error(file, 'slug', `"slug" é "${String(meta.slug)}", mas a pasta é "${slug}"`, 'apague "slug": o nome da pasta é o slug'),
    );
  }
  problems.push(...checked.problems);
  for (const key of Object.keys(meta)) {
    if (ARTICLE_KEYS.includes(key) || [...misspelt.values()].includes(key)) continue;
    const near = fieldMeant(key);
    problems.push(
      error(
        file,
        key,
        near ? `campo desconhecido "${key}"; você quis dizer "${near}"? (já há um "${near}")` : `campo desconhecido "${key}"`,
        `apague-o, ou confira a grafia: o ${MARKDOWN_FILE} aceita ${IMAGE_FIELD}, ${ARTICLE_KEYS.filter((field) => field !== 'slug').join(', ')}`,
      ),
    );
  }
  return { problems, fields: checked.fields };
}
