import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { MARKDOWN_FILE, MESSAGES } from '../../../src/checking/article-file.ts';
import { decodeUtf8, type TextFault } from '../../../src/checking/editor-text.ts';
import type { ArticleSource } from '../../../src/checking/folder/article.ts';
import { editDistance } from '../../../src/checking/folder/field-names.ts';
import {
  AUTHORS_FOLDER,
  holdsAnArticle,
  LOOKS_LIKE_IMAGE,
  meantAsIndex,
  OLD_FORMAT_FILES,
} from '../../../src/checking/folder/folder-layout.ts';
import { readMarkdownArticle } from '../../../src/checking/markdown-article.ts';
import { error, type Problem, warning } from '../../../src/checking/problems.ts';
import { IMAGE_EXTENSIONS } from '../../../src/content/schema/format.ts';
import { FIGURE_FOLDER } from '../../../src/publishing/plan/figure-files.ts';

/**
 * Article folders on disk: finding them at the paths an editor passed (and
 * saying what else was found there), and reading one into the
 * {@link ArticleSource} the check takes (src/checking/folder/article.ts).
 */

/** A path shown to the editor: relative to the working directory. */
export const shown = (path: string) => relative(process.cwd(), path) || '.';

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory();
const visible = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter((entry) => !entry.name.startsWith('.'));

/**
 * A folder with an article (src/checking/folder/folder-layout.ts, holdsAnArticle):
 * what is wrong with it is then reported, not ignored.
 */
export const isArticleFolder = (dir: string): boolean =>
  isDirectory(dir) && holdsAnArticle(visible(dir).flatMap((entry) => (entry.isFile() ? [entry.name] : [])));

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

/** The main image `imagem` names in index.md, or why it cannot be used (content:convert asks the same of what it writes). */
export function namedImage(dir: string, named: unknown): { image: NonNullable<ArticleSource['image']> } | { fault: TextFault } {
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
  return { image: { file: shown(path), bytes: readFileSync(path), extension } };
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
        .map(({ name }) => ({ name, file: shown(join(figureDir, name)), bytes: readFileSync(join(figureDir, name)) }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    : [];
  const common = { slug: basename(resolve(dir)), dir: shown(dir), path: shown(path), figureImages };
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
