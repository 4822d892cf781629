import { realpathSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { checkArticleSet } from '../../../src/checking/folder/article-set.ts';
import { error, type Problem } from '../../../src/checking/problems.ts';
import type { NewsItem } from '../../../src/content/schema/news-item.ts';
import type { LocalRegistry, PreparedArticle } from '../../../src/publishing/plan/prepared-article.ts';
import { findArticleFolders, isArticleFolder, readArticleFolder, shown } from './article-folder.ts';
import { isAuthorsFolder, readRegistry, registryFolders } from './author-registry.ts';
import { SHARP } from './images.ts';

/**
 * Checks every article at one or more paths (each an article folder, or a
 * folder of them) as one set: against each other and the live list, with
 * the author registry beside them (author-registry.ts; a path may also be the
 * registry folder itself). Prints nothing, returns everything.
 */
export async function checkContent(
  paths: string | readonly string[],
  live: readonly NewsItem[] = [],
  today = new Date(),
  {
    bundled = false,
    liveAuthors = [],
  }: {
    /** The articles are the bundled content (the build): each counts as already published (see checkArticle). */
    bundled?: boolean;
    /** The slugs of the live registry's authors, whom `autor` may name too. */
    liveAuthors?: Iterable<string>;
  } = {},
): Promise<{
  problems: Problem[];
  /** The articles that can be published: no error. */
  articles: PreparedArticle[];
  registry: LocalRegistry;
}> {
  const list = typeof paths === 'string' ? [paths] : paths;
  // An article folder's registry is its parent's autores/.
  const { problems, registry } = await readRegistry(
    registryFolders(list.map((path) => (isArticleFolder(path) ? dirname(resolve(path)) : path))),
  );
  const authors = new Set([...liveAuthors, ...Object.keys(registry.authors)]);
  // The same folder reached twice (`content content/x`) is checked once; two folders with one slug are an error.
  const bySlug = new Map<string, { dir: string; real: string }>();
  for (const path of list) {
    if (isAuthorsFolder(path)) continue;
    const found = findArticleFolders(path);
    problems.push(...found.problems);
    for (const dir of found.folders) {
      const real = realpathSync(dir);
      const slug = basename(resolve(dir));
      const seen = bySlug.get(slug);
      if (!seen) bySlug.set(slug, { dir, real });
      else if (seen.real !== real) {
        problems.push(
          error(
            shown(dir),
            'slug',
            `duas pastas têm o slug "${slug}": ${shown(seen.dir)} e ${shown(dir)}`,
            'o nome da pasta é o slug: renomeie uma delas, ou passe só uma',
          ),
        );
      }
    }
  }
  const sources = [...bySlug.values()].map(({ dir }) => readArticleFolder(dir));
  const checked = await checkArticleSet(sources, { today, live, authors, bundled }, SHARP);
  return { problems: [...problems, ...checked.problems], articles: checked.articles, registry };
}
