import type { Context } from 'hono';
import { createFactory } from 'hono/factory';
import { imageContentType } from '#src/content/schema/format.ts';
import { currentTime } from '#src/lib/clock.ts';
import { StatusPage } from '#src/pages/StatusPage.tsx';
import { articlePath } from '#src/seo/urls.ts';
import type { AppEnv } from '#src/site/app-env.ts';
import { type Draft, DraftsStore } from '../drafts/drafts-store';
import { getMedia } from '../media/media-store';
import { sharedPreviewPath } from '../paths';
import { figuresIn, IMAGE_FIELD, isStoredFile, storedVariants } from '../shared/media-names';
import { shownAt } from '../shared/when';
import { draftArticle } from './draft-article';
import { setPreviewHeaders } from './headers';
import { previewResponse } from './preview-page';
import { linkSecret, type Refusal, ShareLinks } from './share-links';

/** What a link that opens nothing says: never whether the draft exists, nor anything of it. */
const REFUSALS: Record<Refusal | 'gone', { code: 403 | 410; title: string; message: string }> = {
  invalid: {
    code: 403,
    title: 'Link inválido',
    message: 'Este link de prévia não é válido: confira se ele foi copiado inteiro, ou peça um novo a quem o enviou.',
  },
  expired: { code: 410, title: 'Link expirado', message: 'Este link de prévia expirou. Peça um novo a quem o enviou.' },
  revoked: { code: 410, title: 'Link revogado', message: 'Quem compartilhou esta prévia desativou o link. Peça um novo a quem o enviou.' },
  gone: { code: 410, title: 'Prévia indisponível', message: 'O rascunho desta prévia não existe mais.' },
};

async function refused(c: Context<AppEnv>, why: Refusal | 'gone'): Promise<Response> {
  const { code, title, message } = REFUSALS[why];
  c.status(code);
  const response = await c.render(
    <StatusPage code={code} title={title}>
      <p>{message}</p>
    </StatusPage>,
    { title, description: message, canonicalPath: null },
  );
  await setPreviewHeaders(response.headers);
  return response;
}

/**
 * `/previa/:token`: a draft's preview for someone without a newsroom account
 * (docs/newsroom-writing.md, "Preview and share links"). The only thing of the
 * newsroom reachable without identity: the draft's saved version, read only,
 * while its signed link stands; the live page once the article is published.
 */
/** The draft a link opens now, or why it opens nothing. */
async function sharedDraft(c: Context<AppEnv>, now: number): Promise<Draft | Refusal | 'gone'> {
  const secret = linkSecret(c.env);
  if (secret === null) return 'invalid';
  const opened = await new ShareLinks(c.env.DB, secret).open(c.req.param('token') ?? '', now);
  if ('refused' in opened) return opened.refused;
  return (await new DraftsStore(c.env.DB).get(opened.draftId)) ?? 'gone';
}

export const sharedPreviewRoute = createFactory<AppEnv>().createHandlers(async function renderSharedPreview(c) {
  const now = currentTime();
  const draft = await sharedDraft(c, now);
  if (typeof draft === 'string') return refused(c, draft);
  const article = draftArticle(draft, now);
  if ((await c.var.content.article(article.slug)) !== null) {
    const response = c.redirect(articlePath(article), 302);
    await setPreviewHeaders(response.headers);
    return response;
  }
  const notice = (
    <p className="pv-actions">Prévia compartilhada pela redação: o texto ainda pode mudar. Atualizado em {shownAt(draft.updatedAt)}.</p>
  );
  return previewResponse(c, c.var, article, now, `${sharedPreviewPath(c.req.param('token') ?? '')}/midia/`, notice);
});

/**
 * `/previa/:token/midia/:file`: the draft's own uploaded images (its main image, those its text
 * shows, and their variants) for its shared preview, while the link stands; no other upload.
 */
export const sharedPreviewMediaRoute = createFactory<AppEnv>().createHandlers(async function sharedPreviewMedia(c) {
  const draft = await sharedDraft(c, currentTime());
  if (typeof draft === 'string') return refused(c, draft);
  const file = c.req.param('file') ?? '';
  const own = [draft.fields[IMAGE_FIELD], ...figuresIn(draft.body)].filter((name) => name !== undefined);
  const shown = isStoredFile(file) && own.some((name) => file === name || storedVariants(name).some((variant) => variant.file === file));
  const bytes = shown ? await getMedia(c.env.MEDIA, file) : null;
  if (bytes === null) return c.notFound();
  const response = c.body(bytes.buffer as ArrayBuffer, 200, { 'Content-Type': imageContentType(file) ?? 'application/octet-stream' });
  await setPreviewHeaders(response.headers);
  return response;
});
