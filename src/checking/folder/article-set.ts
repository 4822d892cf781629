import type { NewsItem } from '#src/content/schema/news-item.ts';
import type { PreparedArticle } from '#src/publishing/plan/prepared-article.ts';
import { error, type Problem } from '../problems';
import { type ArticleSource, checkArticle } from './article';
import type { ImageTools } from './images';

/** What a set of folders is checked against: the day, the live list and the authors `autor` may name. */
export interface SetContext {
  today: Date;
  live: readonly NewsItem[];
  authors: ReadonlySet<string>;
  /** The folders are the bundled content (the build): each counts as already published. */
  bundled: boolean;
}

/**
 * Checks the article folders of one set (their slugs already unique): each
 * one (article.ts), its body links against every article live or in the set,
 * and a title another slug already uses, live or in the set, as a likely
 * duplicate. The articles that can be published, and every problem.
 */
export async function checkArticleSet(
  sources: readonly ArticleSource[],
  { today, live, authors, bundled }: SetContext,
  images: ImageTools,
): Promise<{ problems: Problem[]; articles: PreparedArticle[] }> {
  const liveSlugs = new Set(live.map((item) => item.slug));
  const knownSlugs = new Set([...liveSlugs, ...sources.map((source) => source.slug)]);
  const titles = new Map(live.map((item) => [item.titulo.toLowerCase(), item.slug]));
  const problems: Problem[] = [];
  const articles: PreparedArticle[] = [];
  for (const source of sources) {
    const published = bundled || liveSlugs.has(source.slug);
    const result = await checkArticle(source, { knownSlugs, today, published, authors }, images);
    problems.push(...result.problems);
    if (!result.article) continue;
    const { titulo, slug } = result.article.item;
    const other = titles.get(titulo.toLowerCase());
    if (other && other !== slug) {
      problems.push(
        error(
          source.dir,
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
  return { problems, articles };
}
