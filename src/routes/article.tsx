import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { THUMBNAIL_SIZE, thumbnailPath } from '../components/urls';
import { articleBreadcrumbs, newsArticle } from '../seo/structured-data';
import { isValidSlug } from '../content/news-item';
import { sanitizeArticleHtml } from '../content/sanitize-html';
import { getArticleBody, getNewsList } from '../content/store';
import { pickRelated } from '../lib/related';
import { log } from '../log';
import { ArticlePage } from '../pages/ArticlePage';

export async function articleRoute(c: Context<AppEnv>) {
  const slug = c.req.param('slug') ?? '';
  if (!isValidSlug(slug)) return c.notFound();
  const list = await getNewsList(c.env);
  const item = list.bySlug.get(slug);
  if (!item) return c.notFound();
  const raw = await getArticleBody(c.env, item);
  if (raw === null) {
    // Publishing writes bodies before the list, so this means lost content.
    log('error', 'article_body_missing', { slug, htmlPath: item.htmlPath });
    return c.notFound();
  }
  const body = await sanitizeArticleHtml(raw);
  const related = pickRelated(list.items, slug, Date.now());
  return c.render(<ArticlePage site={c.var.site} item={item} body={body} related={related} />, {
    title: item.titulo,
    description: item.descricao,
    image: { path: thumbnailPath(item), ...THUMBNAIL_SIZE },
    type: 'article',
    publishedDate: item.data,
    jsonLd: [newsArticle(c.var.site, item), articleBreadcrumbs(c.var.site, item)],
  });
}
