import type { ArticleFields } from '#src/content/schema/article-schema.ts';
import { imageKey, isValidSlug } from '#src/content/schema/format.ts';
import type { PreparedArticle } from '#src/publishing/plan/prepared-article.ts';
import { IMAGE_FIELD, MARKDOWN_FILE, MESSAGES } from '../article-file';
import { checkBody } from '../check-body';
import type { TextFault } from '../editor-text';
import { type MarkdownArticle, placeInMarkdown } from '../markdown-article';
import { cleanedHint, cleanPastedMarkup, describeCleaned } from '../pasted-markup';
import { error, hasErrors, type Problem, warning } from '../problems';
import { type ArticleContext, checkArticleFields } from './article-fields';
import { ARTICLE_KEYS, fieldMeant, isRequiredField } from './field-names';
import { checkFigures, type FigureFile } from './figures';
import { publishedBodyPath, publishedImageName } from './folder-layout';
import { checkMainImage, type ImageTools, type PublishedImage } from './images';

/**
 * An article folder as an editor wrote it (`content/<slug>/index.md` and its
 * images), read from disk by the commands (scripts/content/check/
 * article-folder.ts), before any check. Paths are as the editor is shown them.
 */
export interface ArticleSource {
  slug: string;
  dir: string;
  /** The path of index.md, there or not. */
  path: string;
  /** Why there is no article to read: no index.md (the folder is in the old format, or the file has another name), or one that is not UTF-8. */
  unreadable?: TextFault;
  /** index.md read, when it can be; its faults include the old format's files left beside it. */
  markdown?: MarkdownArticle;
  /** The main image `imagem` names, once the front matter can be read. */
  image?: { file: string; bytes: Uint8Array; extension: string };
  /** Why the main image named by `imagem` cannot be used, when it cannot. */
  imageFault?: TextFault;
  /** The files of the `imagens/` subfolder, which body figures show; empty without one. */
  figureImages: FigureFile[];
}

/** What the check knows beside the folder: `knownSlugs` (all articles, live and being checked) lets body links be verified. */
export interface ArticleCheckContext {
  knownSlugs?: ReadonlySet<string>;
  today: Date;
  /** Whether the article is already live (or bundled): a missing `alt` is then a warning, not an error. */
  published: boolean;
  /** The authors `autor` may name: the registry beside the folder and the live one. */
  authors: ReadonlySet<string>;
  /** An old site's article (the WordPress import): its title at any length, its text at any (decision 049). */
  archive?: boolean;
}

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

/**
 * Checks one article folder (index.md, its main image, its imagens/) and,
 * when it has no errors, prepares what to publish (its image variants are
 * the commands' to add): each problem at its line of index.md.
 */
export async function checkArticle(
  source: ArticleSource,
  { knownSlugs, today, published, authors, archive = false }: ArticleCheckContext,
  images: ImageTools,
): Promise<CheckedArticle> {
  const file = source.path;
  const { slug, markdown } = source;
  const problems: Problem[] = [];
  const slugProblem = isValidSlug(slug)
    ? []
    : [
        error(
          source.dir,
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
    const checked = checkFrontMatter(markdown.fields, slug, file, { today, published, authors, archive });
    fields = checked.fields;
    problems.push(...checked.problems.map(place));
  }

  // The body as published: what a word processor left in a pasted body is taken out first, and said;
  // its imagens/ images are checked and named by their published files; the policy then judges the rest.
  const pasted = cleanPastedMarkup(markdown.body);
  const figured = await checkFigures(slug, source.figureImages, pasted.html, file, images.read);
  const judged = [
    ...pasted.cleaned.map((what) => warning(file, 'body: colado', `linha ${what.line}: ${describeCleaned(what)}`, cleanedHint(what.kind))),
    ...figured.problems,
    ...checkBody(figured.body, file, knownSlugs, archive ? { minWords: 0 } : {}),
  ];
  const docs = pasted.cleaned.find(({ kind }) => kind === 'docs-wrapper');
  if (docs && hasErrors(judged)) problems.push(place(docsPastedAsHtml(file, docs.line)));
  // Appended one by one: spread into one call, a long list overflows the call stack.
  for (const problem of judged) problems.push(place(problem));

  let mainImage: PublishedImage | undefined;
  if (source.image) {
    const checked = await checkMainImage(source.image.bytes, source.image.file, source.image.extension, images);
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
 * (article-fields.ts), a `slug` that is not the folder's, unknown keys.
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
