import { createFactory } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { imageAlt } from '../components/ResponsiveImage';
import { isValidSlug } from '../content/format';
import type { NewsEntry } from '../content/news-item';
import { sanitizeArticleHtml } from '../content/sanitize-html';
import {
  type ContentBindings,
  findArticle,
  getArticleBody,
  getAuthorOf,
  getChunk,
  getNewsIndex,
  type NewsIndex,
  visiblePageChunks,
} from '../content/store';
import { updatedIso } from '../content/updated';
import { currentTime } from '../lib/clock';
import { pickRelated, RELATED_COUNT, relatedChunk } from '../lib/related';
import { log } from '../log';
import { ArticlePage } from '../pages/ArticlePage';
import { renderCards } from '../render/cards';
import { articleShareImage } from '../seo/share-image';
import { articleBreadcrumbs, newsArticle } from '../seo/structured-data';
import type { ROUTES } from '../seo/urls';
import { articleUnavailableRoute } from './status';

/**
 * Related articles from one random chunk of the archive (two when it is too
 * small to offer four others): a couple of small reads at any archive size.
 */
async function relatedArticles(env: ContentBindings, index: NewsIndex, item: NewsEntry, now: number) {
  const chunks = visiblePageChunks(index, now);
  const chosen = relatedChunk(item.slug, now, chunks);
  if (chosen < 0) return [];
  let pool = await getChunk(env, index, chosen, now);
  if (pool.filter((entry) => entry.slug !== item.slug).length < RELATED_COUNT && chunks > 1) {
    pool = [...pool, ...(await getChunk(env, index, chosen === 0 ? 1 : chosen - 1, now))];
  }
  return pickRelated(pool, item.slug, now);
}

/** `/noticia/:slug`: an article with its related articles (docs/product.md §2, §4). */
export const articleRoute = createFactory<AppEnv, typeof ROUTES.article>().createHandlers(async function renderArticle(c) {
  const slug = c.req.param('slug');
  if (!isValidSlug(slug)) return c.notFound();
  const index = await getNewsIndex(c.env);
  const now = currentTime();
  const item = await findArticle(c.env, index, slug, now);
  if (!item) return c.notFound();
  const raw = await getArticleBody(c.env, item, index);
  if (raw === null) {
    // Publishing writes bodies before the index, so this means lost content.
    log('error', 'article_body_missing', { slug, htmlPath: item.htmlPath });
    return c.notFound();
  }
  const body = sanitizeArticleHtml(raw, slug);
  if ('refused' in body) return articleUnavailableRoute(c);
  const { site } = c.var;
  const [related, author] = await Promise.all([
    relatedArticles(c.env, index, item, now),
    getAuthorOf(c.env, index, item, { nome: site.editor.name, cargo: site.editor.role }),
  ]);
  return c.render(<ArticlePage site={site} item={item} body={body} related={renderCards(related, 'below')} author={author} />, {
    title: item.titulo,
    description: item.descricao,
    image: { ...articleShareImage(item), alt: imageAlt(item) },
    robots: 'max-image-preview:large',
    type: 'article',
    publishedDate: updatedIso(item.data),
    jsonLd: [newsArticle(site, item, author), articleBreadcrumbs(c.var.site, item)],
  });
});
