import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { MARKDOWN_FILE, MESSAGES } from '../../src/checking/article-file.ts';
import { decodeUtf8, type TextFault } from '../../src/checking/editor-text.ts';
import { type MarkdownArticle, readMarkdownArticle } from '../../src/checking/markdown-article.ts';
import { error, type Problem, warning } from '../../src/checking/problems.ts';
import { IMAGE_EXTENSIONS, publishedExtension } from '../../src/content/schema/format.ts';
import { FIGURE_FOLDER } from '../../src/publishing/plan/figure-files.ts';
import { contentHash } from './content-hash.ts';

/** The files of the older format (fields as JSON, body as HTML), no longer read: a folder holding them is told to convert. */
const OLD_FORMAT_FILES = ['article.json', 'body.html'];
/** The folder of the author registry (author-registry.ts), beside the articles: never an article itself. */
export const AUTHORS_FOLDER = 'autores';

/** Files that look like an image: the accepted formats and GIF (reported as not accepted). */
const LOOKS_LIKE_IMAGE = new RegExp(`\\.(?:${[...IMAGE_EXTENSIONS, 'gif'].join('|')})$`);

/** A file of the folder, read. */
export interface FolderImage {
  path: string;
  bytes: Buffer;
}

/** An article folder as an editor wrote it (`content/<slug>/index.md` and its images), before any check. */
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
  image?: FolderImage & { extension: string };
  /** Why the main image named by `imagem` cannot be used, when it cannot. */
  imageFault?: TextFault;
  /** The files of the `imagens/` subfolder, which body figures show (scripts/content/check-figures.ts); empty without one. */
  figureImages: (FolderImage & { name: string })[];
}

/** A path shown to the editor: relative to the working directory. */
export const shown = (path: string) => relative(process.cwd(), path) || '.';

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory();
const visible = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter((entry) => !entry.name.startsWith('.'));

/**
 * Whether a file name was probably meant to be index.md: a wrong case, a
 * ".txt" added by Windows, another extension or name. `strict` keeps only
 * names that start like it (what makes a folder an article folder).
 */
function meantAsIndex(name: string, strict = false): boolean {
  if (name === MARKDOWN_FILE) return false;
  return /^(?:index|artigo|article)\b/i.test(name) || (!strict && /\.(?:md|markdown)(?:\.txt)?$/i.test(name));
}

/**
 * A folder with an article, even misnamed, in the old format, or with only
 * its image (`imagem.*`, as content:new names it): what is wrong is then
 * reported, not ignored.
 */
export function isArticleFolder(dir: string): boolean {
  return (
    isDirectory(dir) &&
    visible(dir).some(
      (entry) =>
        entry.isFile() &&
        (entry.name === MARKDOWN_FILE ||
          OLD_FORMAT_FILES.includes(entry.name) ||
          meantAsIndex(entry.name, true) ||
          /^imagem\./i.test(entry.name)),
    )
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
    return {
      folders: [],
      problems: [
        isArticleFolder(parent)
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

/** The main image `imagem` names in index.md, or why it cannot be used. */
function namedImage(dir: string, named: unknown): { image: NonNullable<ArticleSource['image']> } | { fault: TextFault } {
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

/** Why a folder has no index.md: it is in the old format, or the file has another name, or it is simply not there. */
function missingIndex(dir: string): TextFault {
  if (OLD_FORMAT_FILES.some((name) => isFile(join(dir, name)))) return MESSAGES.oldFormat(shown(dir));
  const found = visible(dir).find((entry) => entry.isFile() && meantAsIndex(entry.name));
  return found ? MESSAGES.misnamed(found.name) : MESSAGES.missing;
}

export function readArticleFolder(dir: string): ArticleSource {
  const path = join(dir, MARKDOWN_FILE);
  const figureDir = join(dir, FIGURE_FOLDER);
  const figureImages = isDirectory(figureDir)
    ? visible(figureDir)
        .filter((entry) => entry.isFile())
        .map(({ name }) => ({ name, path: join(figureDir, name), bytes: readFileSync(join(figureDir, name)) }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    : [];
  const common = { slug: basename(resolve(dir)), dir, path, figureImages };
  if (!isFile(path)) return { ...common, unreadable: missingIndex(dir) };
  const read = decodeUtf8(readFileSync(path), MARKDOWN_FILE);
  if ('fault' in read) return { ...common, unreadable: read.fault };
  const article = readMarkdownArticle(read.text);
  const left = OLD_FORMAT_FILES.filter((name) => isFile(join(dir, name)));
  const markdown = left.length > 0 ? { ...article, faults: [...article.faults, MESSAGES.bothFormats(left.join(' e '))] } : article;
  if (article.fields === null) return { ...common, markdown };
  const named = namedImage(dir, article.image);
  return { ...common, markdown, ...('image' in named ? { image: named.image } : { imageFault: named.fault }) };
}

/**
 * The published name of an article's image: slug plus a hash of its bytes, so
 * a changed image gets a new URL and every URL can be cached forever.
 */
export function publishedImageName(slug: string, bytes: Buffer, extension: string): string {
  return `${slug}-${contentHash(bytes)}.${publishedExtension(extension) ?? extension}`;
}
