import { realpathSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { error, type Problem } from '../../src/checking/problems.ts';
import type { NewsItem } from '../../src/content/schema/news-item.ts';
import type { LocalRegistry, PreparedArticle } from '../../src/publishing/plan/prepared-article.ts';
import { findArticleFolders, isArticleFolder, readArticleFolder, shown } from './article-folder.ts';
import { isAuthorsFolder, readRegistry, registryFolders } from './author-registry.ts';
import { checkArticle } from './check-article.ts';

/**
 * Checks every article at one or more paths (each an article folder, or a
 * folder of them) as one set: against each other and the live list, with
 * the author registry beside them (author-registry.ts; a path may also be the
 * registry folder itself). Prints nothing, returns everything.
 */
export async function checkContent(
  paths: string | readonly string[],
  live: readonly NewsItem[] = [],
  today?: Date,
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
  const liveSlugs = new Set(live.map((item) => item.slug));
  const knownSlugs = new Set([...liveSlugs, ...sources.map((source) => source.slug)]);
  const articles: PreparedArticle[] = [];
  const titles = new Map(live.map((item) => [item.titulo.toLowerCase(), item.slug]));
  for (const source of sources) {
    const result = await checkArticle(source, knownSlugs, today, bundled || liveSlugs.has(source.slug), authors);
    problems.push(...result.problems);
    if (!result.article) continue;
    // Slugs are unique here; a same title under another slug is a likely duplicate.
    const { titulo, slug } = result.article.item;
    const other = titles.get(titulo.toLowerCase());
    if (other && other !== slug) {
      problems.push(
        error(
          shown(source.dir),
          'titulo',
          `o mesmo titulo já é usado por "${other}"`,
          'publique com o slug existente para atualizá-lo, ou mude o título',
        ),
      );
      continue;
    }
    titles.set(titulo.toLowerCase(), slug);
    articles.push(result.article);
  }
  return { problems, articles, registry };
}
