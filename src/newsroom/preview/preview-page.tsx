import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { renderCards } from '#src/components/cards/render-cards.tsx';
import { Document } from '#src/components/layout/Document.tsx';
import { sanitizeArticleHtml } from '#src/content/body/sanitize-html.ts';
import { ArticlePage } from '#src/pages/ArticlePage.tsx';
import { relatedArticles } from '#src/routes/article.tsx';
import type { AppEnv } from '#src/site/app-env.ts';
import { newsroomAssets } from '../http/assets';
import type { DraftArticle } from './draft-article';
import { setPreviewHeaders } from './headers';
import { PreviewBar } from './PreviewBar';

/** What the page is rendered with: the site's settings and its live content (for the related cards). */
type Reader = AppEnv['Variables'];

/** The reader's article page for the draft, or what stands in for it when the body cannot be shown. */
async function pageOf({ site, content }: Reader, article: DraftArticle): Promise<ReactNode> {
  const { item } = article;
  const body = item ? sanitizeArticleHtml(article.html, item.slug) : null;
  if (!item || body === null || 'refused' in body) {
    return (
      <div className="container">
        <p>O texto não pôde ser mostrado como página: veja os problemas acima.</p>
      </div>
    );
  }
  const [related, author] = await Promise.all([
    relatedArticles(content, item),
    content.authorOf(item, { nome: site.editor.name, cargo: site.editor.role }),
  ]);
  return <ArticlePage site={site} item={item} body={body} related={renderCards(related, 'below')} author={author} />;
}

/**
 * The page's addresses of the draft's own images (`/thumbnails/<slug>-<stored name>`, as they will be
 * published, variants included) pointed at where the preview serves the uploaded files under their
 * stored names: not published yet, they are not in the thumbnails folder. The related cards' images
 * are other articles' and stay as they are.
 */
function withUploadedImages(markup: string, slug: string, imageBase: string): string {
  // A slug is lowercase letters, digits and hyphens: nothing a pattern would read otherwise.
  return markup.replace(new RegExp(`/thumbnails/${slug}-([0-9a-f]{10}(?:-\\d+w)?\\.[a-z]+)`, 'g'), `${imageBase}$1`);
}

/**
 * A draft's saved version (read by draftArticle) as the real article page (the reader's layout,
 * page and related cards, rendered by the same components the article route
 * uses), the preview's bar above it: the newsroom's preview and the shared
 * link's alike. `extra` is what the caller adds to the bar; `imageBase`, the
 * path the caller serves the draft's uploaded images under.
 */
export async function previewResponse(
  c: Context,
  reader: Reader,
  article: DraftArticle,
  now: number,
  imageBase: string,
  extra?: ReactNode,
): Promise<Response> {
  const page = await pageOf(reader, article);
  const bar = (
    <PreviewBar article={article} now={now}>
      {extra}
    </PreviewBar>
  );
  const title = article.item?.titulo;
  const markup = renderToString(
    <Document
      site={reader.site}
      head={{ ...(title ? { title } : {}), description: article.item?.descricao ?? '', canonicalPath: null, stylesheet: 'article' }}
      path={`/noticia/${article.slug}`}
      preview={{ bar, stylesheet: newsroomAssets.previewBar }}
    >
      {page}
    </Document>,
  );
  const response = c.html(`<!doctype html>${withUploadedImages(markup, article.slug, imageBase)}`);
  await setPreviewHeaders(response.headers);
  return response;
}
