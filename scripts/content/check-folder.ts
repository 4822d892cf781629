import { findArticleFolders, readArticleFolder, shown } from './article-folder.ts';
import { checkArticle, type PreparedArticle } from './check-article.ts';
import { error, type Problem } from './problems.ts';
import type { NewsItem } from '../../src/content/news-item.ts';

/**
 * Checks every article at a path (one article folder, or a folder of them)
 * against each other and the live list; prints nothing, returns everything.
 */
export async function checkContent(
  path: string,
  live: readonly NewsItem[] = [],
  today?: Date,
): Promise<{ problems: Problem[]; articles: PreparedArticle[] }> {
  const folders = findArticleFolders(path);
  if (folders.length === 0) {
    return {
      problems: [error(shown(path), 'path', 'no article folder here', 'give an article folder (with article.json) or a folder of them')],
      articles: [],
    };
  }
  const sources = folders.map(readArticleFolder);
  const knownSlugs = new Set([...live.map((item) => item.slug), ...sources.map((source) => source.slug)]);
  const problems: Problem[] = [];
  const articles: PreparedArticle[] = [];
  const titles = new Map(live.map((item) => [item.titulo.toLowerCase(), item.slug]));
  for (const source of sources) {
    const result = await checkArticle(source, knownSlugs, today);
    problems.push(...result.problems);
    if (!result.article) continue;
    // Slugs are folder names, so unique here; a same title under another slug is a likely duplicate.
    const { titulo, slug } = result.article.item;
    const other = titles.get(titulo.toLowerCase());
    if (other && other !== slug) {
      problems.push(error(shown(source.dir), 'titulo', `the same titulo is already used by "${other}"`, 'publish under the existing slug to update it, or change the title'));
      continue;
    }
    titles.set(titulo.toLowerCase(), slug);
    articles.push(result.article);
  }
  return { problems, articles };
}
