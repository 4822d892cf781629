import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { decodeUtf8, explainJsonError, type TextFault } from '../../src/checking/editor-text.ts';
import { MARKDOWN_FILE, type MarkdownArticle, MESSAGES, readMarkdownArticle } from '../../src/checking/markdown-article.ts';
import { error, type Problem, warning } from '../../src/checking/problems.ts';
import { IMAGE_EXTENSIONS, publishedExtension } from '../../src/content/format.ts';
import { FIGURE_FOLDER } from '../../src/publishing/figure-files.ts';
import { contentHash } from './content-hash.ts';

/** The files of one article folder: `content/<slug>/`. */
export const META_FILE = 'article.json';
export const BODY_FILE = 'body.html';
/** The folder of the author registry (author-registry.ts), beside the articles: never an article itself. */
export const AUTHORS_FOLDER = 'autores';
/** The subfolder of images shown inside the body: `<img src="imagens/<file>">`. */

const IMAGE_NAME = /^imagem\.([a-z]+)$/i;
/** Files that look like an image: the accepted formats and GIF (reported as not accepted). */
const LOOKS_LIKE_IMAGE = new RegExp(`\\.(?:${[...IMAGE_EXTENSIONS, 'gif'].join('|')})$`);

/** An article folder as an editor wrote it, before any check. */
export interface ArticleSource {
  slug: string;
  dir: string;
  /** Parsed article.json; null when missing or unreadable (see metaError). */
  meta: Record<string, unknown> | null;
  /** Why article.json could not be used, when it exists (not UTF-8, not JSON, not an object). */
  metaError: TextFault | null;
  /** body.html as text (UTF-8, without a BOM); null when missing or unreadable (see bodyError). */
  body: string | null;
  /** Why body.html could not be read, when it exists (not UTF-8). */
  bodyError: TextFault | null;
  images: { path: string; bytes: Buffer; extension: string }[];
  /** The files of the `imagens/` subfolder, which body figures show (scripts/content/check-figures.ts); empty without one. */
  figureImages: { name: string; path: string; bytes: Buffer }[];
  /** Files that look like a misnamed article file, by the name they should have (e.g. "Article.json.txt" for article.json). */
  misnamed: { meta?: string; body?: string; image?: string };
  /**
   * Set when the article is written as index.md (scripts/content/markdown-article.ts):
   * then `meta` is its front matter and `body` its text converted to HTML.
   */
  markdown?: MarkdownArticle & {
    /** The path of index.md. */
    path: string;
    /** Why the main image named by `imagem` cannot be used, when it cannot. */
    imageFault?: TextFault;
  };
}

/** A path shown to the editor: relative to the working directory. */
export const shown = (path: string) => relative(process.cwd(), path) || '.';

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory();
const visible = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter((entry) => !entry.name.startsWith('.'));

/** An accepted image file name: imagem.webp, .avif, .jpg, .jpeg or .png (any case; src/content/format.ts). */
const isImageName = (name: string) => IMAGE_EXTENSIONS.includes(IMAGE_NAME.exec(name)?.[1]?.toLowerCase() ?? '');

/**
 * Which article file a file name was probably meant to be: a wrong case, a
 * ".txt" added by Windows, Portuguese or English names, another extension.
 * `strict` keeps only names that start like an article file.
 */
function meantAs(name: string, strict = false): 'meta' | 'body' | 'image' | null {
  if (name === META_FILE || name === BODY_FILE || isImageName(name)) return null;
  const lower = name.toLowerCase();
  if (/^(article|artigo)\b/.test(lower) || (!strict && /\.json(\.txt)?$/.test(lower))) return 'meta';
  if (/^(body|corpo)\b/.test(lower) || (!strict && /\.html?(\.txt)?$/.test(lower))) return 'body';
  if (/^(imagem|image)\b/.test(lower) || (!strict && LOOKS_LIKE_IMAGE.test(lower))) return 'image';
  return null;
}

/** A folder with any of an article's files, even misnamed (a missing one is then reported, not ignored). */
function isArticleFolder(dir: string): boolean {
  return visible(dir).some(
    (entry) =>
      entry.isFile() &&
      (entry.name === META_FILE ||
        entry.name === BODY_FILE ||
        entry.name === MARKDOWN_FILE ||
        isImageName(entry.name) ||
        meantAs(entry.name, true) !== null),
  );
}

/** Up to `limit` names in a folder, for messages. */
function listing(dir: string, limit = 5): string {
  const names = visible(dir).map((entry) => entry.name + (entry.isDirectory() ? '/' : ''));
  if (names.length === 0) return 'ela está vazia';
  return `ela tem ${names.slice(0, limit).join(', ')}${names.length > limit ? `, … (${names.length} itens)` : ''}`;
}

/** Article folders at most two levels below a folder that is not one (a folder put one level too deep). */
function nestedArticleFolders(dir: string): string[] {
  const found: string[] = [];
  for (const entry of visible(dir)) {
    if (!entry.isDirectory()) continue;
    const child = join(dir, entry.name);
    if (isArticleFolder(child)) found.push(child);
    else
      found.push(
        ...visible(child)
          .filter((e) => e.isDirectory() && isArticleFolder(join(child, e.name)))
          .map((e) => join(child, e.name)),
      );
  }
  return found.sort();
}

/** How many one-character edits turn a into b (Levenshtein): for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** An existing folder the editor probably meant by a path that does not exist. */
function closestExisting(path: string): string | null {
  if (isDirectory(join('content', path))) return join('content', path);
  const parent = dirname(path);
  if (!isDirectory(parent)) return null;
  const name = basename(path).toLowerCase();
  let best: { path: string; distance: number } | null = null;
  for (const entry of visible(parent)) {
    const distance = editDistance(name, entry.name.toLowerCase());
    if (distance <= Math.max(2, Math.floor(name.length / 5)) && (!best || distance < best.distance))
      best = { path: join(parent, entry.name), distance };
  }
  return best?.path ?? null;
}

/**
 * The article folders at a path: the path itself when it is one, or the
 * folders directly inside it. Anything else the editor passed (a file, a path
 * that does not exist, a folder one level too deep) is a problem saying what
 * was found and what to pass instead.
 */
export function findArticleFolders(path: string): { folders: string[]; problems: Problem[] } {
  const at = shown(path);
  if (!existsSync(path)) {
    const near = closestExisting(path);
    return {
      folders: [],
      problems: [
        error(
          at,
          'path',
          `${at} não existe`,
          near
            ? `você quis dizer ${shown(near)}?`
            : 'confira o caminho: os artigos são pastas dentro de content/, por exemplo content/<slug>',
        ),
      ],
    };
  }
  if (!statSync(path).isDirectory()) {
    const parent = dirname(path);
    const name = basename(path);
    const articleFile =
      name === META_FILE || name === BODY_FILE || name === MARKDOWN_FILE || isImageName(name) || meantAs(name, true) !== null;
    return {
      folders: [],
      problems: [
        articleFile
          ? error(at, 'path', `${at} é um arquivo; o check recebe a pasta do artigo`, `passe a pasta: ${shown(parent)}`)
          : error(
              at,
              'path',
              `${at} é um arquivo, e não uma pasta`,
              `passe a pasta de um artigo (a que tem o ${MARKDOWN_FILE} e a imagem) ou uma pasta de artigos`,
            ),
      ],
    };
  }
  if (isArticleFolder(path)) return { folders: [path], problems: [] };

  const folders: string[] = [];
  const problems: Problem[] = [];
  for (const entry of visible(path)) {
    // The author registry (author-registry.ts) lives beside the articles.
    if (!entry.isDirectory() || entry.name === AUTHORS_FOLDER) continue;
    const child = join(path, entry.name);
    if (isArticleFolder(child)) {
      folders.push(child);
      continue;
    }
    const nested = nestedArticleFolders(child);
    const first = nested[0];
    if (first) {
      const what =
        nested.length === 1
          ? `a pasta de artigo ${shown(first)}`
          : `${nested.length} pastas de artigo (${nested.slice(0, 3).map(shown).join(', ')}${nested.length > 3 ? ', …' : ''})`;
      problems.push(
        error(
          shown(child),
          'path',
          `${shown(child)} não tem ${MARKDOWN_FILE}; dentro dela há ${what}, um nível abaixo do esperado`,
          `mova ${nested.length === 1 ? 'essa pasta' : 'essas pastas'} para dentro de ${shown(path)}, ou passe ${nested.length === 1 ? 'essa pasta' : 'cada uma'}: npm run content:check -- ${shown(first)}`,
        ),
      );
    } else if (visible(child).length === 0) {
      problems.push(
        warning(shown(child), 'path', `${shown(child)} é uma pasta vazia: ignorada`, 'escreva o artigo nela, ou apague a pasta'),
      );
    } else {
      problems.push(
        error(
          shown(child),
          'path',
          `${shown(child)} não tem arquivos de artigo (${MARKDOWN_FILE} e a imagem); ${listing(child)}`,
          `escreva o artigo nela, ou tire esta pasta de ${shown(path)}`,
        ),
      );
    }
  }
  folders.sort();
  if (folders.length === 0 && problems.length === 0) {
    problems.push(
      error(
        at,
        'path',
        `${at} não tem ${MARKDOWN_FILE} nem pastas de artigo; ${listing(path)}`,
        `passe a pasta de um artigo (a que tem o ${MARKDOWN_FILE} e a imagem) ou uma pasta de artigos, por exemplo content`,
      ),
    );
  }
  return { folders, problems };
}

/** A text file of the article as UTF-8 text (BOM dropped), or why it cannot be read. */
function readText(path: string): { text: string } | { fault: TextFault } {
  return decodeUtf8(readFileSync(path), basename(path));
}

function readMeta(path: string): Pick<ArticleSource, 'meta' | 'metaError'> {
  const read = readText(path);
  if ('fault' in read) return { meta: null, metaError: read.fault };
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.text);
  } catch (cause) {
    return { meta: null, metaError: explainJsonError(read.text, META_FILE, (cause as Error).message) };
  }
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
    return { meta: parsed as Record<string, unknown>, metaError: null };
  const found = Array.isArray(parsed) ? 'uma lista [ … ]' : parsed === null ? 'null' : `um valor solto (${JSON.stringify(parsed)})`;
  return {
    meta: null,
    metaError: {
      message: `${META_FILE} tem ${found}, e não um objeto { … }`,
      hint: `escreva um artigo como { "titulo": "…", "descricao": "…", "data": "AAAA-MM-DD" }${Array.isArray(parsed) ? '; cada artigo tem a sua pasta' : ''}`,
    },
  };
}

/** The main image `imagem` names in index.md, or why it cannot be used. */
function namedImage(dir: string, named: unknown): { image: ArticleSource['images'][number] } | { fault: TextFault } {
  if (named === undefined || named === null || named === '') return { fault: MESSAGES.imageMissing };
  if (typeof named !== 'string') return { fault: MESSAGES.imageNotText(Array.isArray(named) ? 'a list' : JSON.stringify(named)) };
  const name = named.trim();
  if (/[/\\]/.test(name) || name === '.' || name === '..') return { fault: MESSAGES.imageNotHere(name) };
  const path = join(dir, name);
  if (!isFile(path)) {
    const near = visible(dir)
      .filter((entry) => entry.isFile() && LOOKS_LIKE_IMAGE.test(entry.name.toLowerCase()))
      .map((entry) => entry.name);
    return { fault: MESSAGES.imageAbsent(name, near) };
  }
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (!IMAGE_EXTENSIONS.includes(extension)) return { fault: MESSAGES.imageFormat(name) };
  return { image: { path, bytes: readFileSync(path), extension } };
}

/** An article folder written as index.md: its front matter, its body converted, its main image as `imagem` names it. */
function readMarkdownFolder(dir: string, common: Pick<ArticleSource, 'slug' | 'dir' | 'figureImages' | 'misnamed'>): ArticleSource {
  const path = join(dir, MARKDOWN_FILE);
  const read = readText(path);
  const legacy = [META_FILE, BODY_FILE].filter((name) => isFile(join(dir, name)));
  const both = legacy.length > 0 ? [MESSAGES.bothFormats(legacy.join(' e '))] : [];
  if ('fault' in read) {
    const empty = {
      fields: null,
      faults: both,
      cleaned: [],
      image: undefined,
      fieldLines: new Map(),
      body: '',
      lineOfBody: (line: number) => line,
      notes: [],
    };
    return { ...common, meta: null, metaError: read.fault, body: null, bodyError: null, images: [], markdown: { ...empty, path } };
  }
  const article = readMarkdownArticle(read.text);
  const named = namedImage(dir, article.image);
  const [first] = article.faults;
  return {
    ...common,
    meta: article.fields,
    metaError: article.fields === null && first ? first : null,
    body: article.body,
    bodyError: null,
    images: 'image' in named ? [named.image] : [],
    markdown: {
      ...article,
      faults: [...article.faults, ...both],
      path,
      ...('fault' in named && article.fields !== null ? { imageFault: named.fault } : {}),
    },
  };
}

export function readArticleFolder(dir: string): ArticleSource {
  const metaPath = join(dir, META_FILE);
  const names = readdirSync(dir);
  const figureDir = join(dir, FIGURE_FOLDER);
  const figureImages = isDirectory(figureDir)
    ? visible(figureDir)
        .filter((entry) => entry.isFile())
        .map(({ name }) => ({ name, path: join(figureDir, name), bytes: readFileSync(join(figureDir, name)) }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    : [];
  const misnamed: ArticleSource['misnamed'] = {};
  for (const name of names.sort()) {
    const kind = meantAs(name);
    if (kind && !misnamed[kind] && isFile(join(dir, name))) misnamed[kind] = name;
  }
  const common = { slug: basename(resolve(dir)), dir, figureImages, misnamed };
  if (isFile(join(dir, MARKDOWN_FILE))) return readMarkdownFolder(dir, common);
  const { meta, metaError } = isFile(metaPath) ? readMeta(metaPath) : { meta: null, metaError: null };
  const bodyPath = join(dir, BODY_FILE);
  const bodyRead = isFile(bodyPath) ? readText(bodyPath) : null;
  const images = names
    .map((name) => IMAGE_NAME.exec(name))
    .filter((match): match is RegExpExecArray => match !== null && isImageName(match[0]))
    .map((match) => ({ path: join(dir, match[0]), bytes: readFileSync(join(dir, match[0])), extension: match[1]!.toLowerCase() }));
  return {
    ...common,
    meta,
    metaError,
    body: bodyRead && 'text' in bodyRead ? bodyRead.text : null,
    bodyError: bodyRead && 'fault' in bodyRead ? bodyRead.fault : null,
    images,
  };
}

/**
 * The published name of an article's image: slug plus a hash of its bytes, so
 * a changed image gets a new URL and every URL can be cached forever.
 */
export function publishedImageName(slug: string, bytes: Buffer, extension: string): string {
  return `${slug}-${contentHash(bytes)}.${publishedExtension(extension) ?? extension}`;
}
