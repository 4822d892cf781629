import { createFactory } from 'hono/factory';
import { renderCards } from '../components/cards/render-cards';
import { imageAlt } from '../components/ResponsiveImage';
import { sanitizeArticleHtml } from '../content/body/sanitize-html';
import type { Content } from '../content/content';
import { isValidSlug } from '../content/schema/format';
import type { NewsEntry } from '../content/schema/news-item';
import { updatedIso } from '../content/schema/updated';
import { log } from '../lib/log';
import { pickRelated, RELATED_COUNT, relatedChunk } from '../lib/related';
import { ArticlePage } from '../pages/ArticlePage';
import { articleShareImage } from '../seo/share-image';
import { articleBreadcrumbs, newsArticle } from '../seo/structured-data';
import type { ROUTES } from '../seo/urls';
import type { AppEnv } from '../site/app-env';
import { articleUnavailableRoute } from './status';

/**
 * Related articles from one random chunk of the archive (two when it is too
 * small to offer four others): a couple of small reads at any archive size.
 */
export async function relatedArticles(content: Content, item: NewsEntry) {
  const chunks = await content.chunkCount();
  const chosen = relatedChunk(item.slug, content.now, chunks);
  if (chosen < 0) return [];
  let pool = await content.chunk(chosen);
  if (pool.filter((entry) => entry.slug !== item.slug).length < RELATED_COUNT && chunks > 1) {
    pool = [...pool, ...(await content.chunk(chosen === 0 ? 1 : chosen - 1))];
  }
  return pickRelated(pool, item.slug, content.now);
}

/** `/noticia/:slug`: an article with its related articles (docs/product.md §2, §4). */
export const articleRoute = createFactory<AppEnv, typeof ROUTES.article>().createHandlers(async function renderArticle(c) {
  const slug = c.req.param('slug');
  if (!isValidSlug(slug)) return c.notFound();
  const { site, content } = c.var;
  const item = await content.article(slug);
  if (!item) return c.notFound();
  const raw = await content.body(item);
  if (raw === null) {
    // Publishing writes bodies before the index, so this means lost content.
    log('error', 'article_body_missing', { slug, htmlPath: item.htmlPath });
    return c.notFound();
  }
  const body = sanitizeArticleHtml(raw, slug);
  if ('refused' in body) return articleUnavailableRoute(c);
  const [related, author] = await Promise.all([
    relatedArticles(content, item),
    content.authorOf(item, { nome: site.editor.name, cargo: site.editor.role }),
  ]);
  return c.render(<ArticlePage site={site} item={item} body={body} related={renderCards(related, 'below')} author={author} />, {
    title: item.titulo,
    description: item.descricao,
    share: { title: item.tituloSocial, description: item.descricaoSocial },
    image: { ...articleShareImage(item), alt: imageAlt(item) },
    robots: 'max-image-preview:large',
    type: 'article',
    publishedDate: updatedIso(item.data),
    jsonLd: [newsArticle(site, item, author), articleBreadcrumbs(c.var.site, item)],
    stylesheet: 'article',
  });
});
