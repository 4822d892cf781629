import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_BODY_BYTES } from '../content/body/html-policy';
import { describeError, log } from '../lib/log';
import { apiGc, apiLive, apiPublish, apiReindex, apiRestore, apiUnpublish, publishersOnly } from './api/api-routes';
import { isApiPath, MAX_API_BYTES } from './api/wire';
import { antiForgery } from './auth/anti-forgery';
import { newsroomGate, requireMember } from './auth/identity';
import { addAuthor, editAuthor, editorsOnlyForAuthors, showAuthors } from './authors/author-routes';
import { createDraft, listDrafts, listRevisions, restoreRevision, saveDraft, showDraft } from './drafts/draft-routes';
import { newsroomHeaders } from './http/headers';
import { apiImportDrafts, apiImported } from './importing/import-routes';
import { messagePage } from './layout/render';
import { describePhoto, putFromLibrary, showLibrary, showPhoto } from './library/library-routes';
import { listArticleTitles } from './links/article-titles';
import { openLiveDraft } from './live-draft/live-draft-routes';
import { isUploadPath, MAX_UPLOAD_BYTES, serveMedia, uploadImage } from './media/media-routes';
import { PATHS, ROUTES } from './paths';
import { createShareLink, revokeShareLink, showPreview } from './preview/preview-routes';
import { askUnpublish, showLive, unpublish } from './publishing/live-routes';
import { correctDraft, publishDraftNow, requestReview, scheduleDraft } from './publishing/publish-routes';
import { apiRedirects, editorsOnlyForRedirects, removeOldAddress, showRedirects } from './redirects/redirect-routes';
import type { NewsroomEnv } from './team/newsroom-env';
import { chiefsOnly, removePerson, savePerson, showPeople } from './team/people-routes';

/** A save's whole form: the body's limit, and room for the fields. */
const MAX_REQUEST_BYTES = MAX_BODY_BYTES * 2;

/**
 * The newsroom at /redacao (docs/newsroom.md), mounted by src/app.ts behind
 * the site's middleware. In order: no newsroom at all where it is not
 * configured (the site's 404), its own headers, a bound on
 * what a POST may send, who is asking, the anti-forgery pair, then the pages.
 */
export function newsroomApp() {
  const newsroom = new Hono<NewsroomEnv>();
  newsroom.use(newsroomGate());
  newsroom.use(newsroomHeaders());
  const formLimit = bodyLimit({
    maxSize: MAX_REQUEST_BYTES,
    onError: (c) =>
      // The only other form that carries a file: an author's photo as picked, when the page could not reduce it first.
      c.req.path.startsWith(PATHS.authors)
        ? messagePage(
            c,
            413,
            'Foto grande demais',
            'A foto chegou sem ser reduzida pela página: recarregue a página e escolha a foto de novo. Nada foi publicado.',
          )
        : messagePage(
            c,
            413,
            'Texto grande demais',
            'O rascunho passa do tamanho que a redação aceita: divida o artigo ou encurte o texto.',
          ),
  });
  const uploadLimit = bodyLimit({
    maxSize: MAX_UPLOAD_BYTES,
    onError: (c) =>
      c.json(
        {
          error: 'A imagem não foi enviada: o envio passa do tamanho que a redação aceita; exporte a imagem menor (WebP, 1 MB no máximo).',
        },
        413,
      ),
  });
  const apiLimit = bodyLimit({
    maxSize: MAX_API_BYTES,
    onError: (c) =>
      messagePage(
        c,
        413,
        'Pedido grande demais',
        `O envio passa de ${MAX_API_BYTES / 1024 / 1024} MB, o máximo que a redação aceita de uma vez: publique menos artigos de cada vez. Nada foi publicado.`,
      ),
  });
  newsroom.use((c, next) =>
    isUploadPath(c.req.path) ? uploadLimit(c, next) : isApiPath(c.req.path) ? apiLimit(c, next) : formLimit(c, next),
  );
  newsroom.use(requireMember());
  newsroom.use(antiForgery());
  // Who may enter a part of the newsroom at all, before its routes.
  newsroom.use('/equipe/*', chiefsOnly);
  newsroom.use('/autores/*', editorsOnlyForAuthors);
  newsroom.use('/enderecos-antigos/*', editorsOnlyForRedirects);
  newsroom.use('/api/*', publishersOnly);
  // Every route: its method, its path (paths.ts, which also builds the links), its handler.
  // Drafts
  newsroom.get(ROUTES.drafts, listDrafts);
  newsroom.post(ROUTES.newDraft, createDraft);
  newsroom.get(ROUTES.draft, showDraft);
  newsroom.post(ROUTES.draft, saveDraft);
  newsroom.get(ROUTES.revisions, listRevisions);
  newsroom.post(ROUTES.restore, restoreRevision);
  newsroom.post(ROUTES.images, uploadImage);
  newsroom.get(ROUTES.media, serveMedia);
  // The photo library
  newsroom.get(ROUTES.photos, showLibrary);
  newsroom.get(ROUTES.photo, showPhoto);
  newsroom.post(ROUTES.photo, describePhoto);
  newsroom.post(ROUTES.fromLibrary, putFromLibrary);
  // Preview and share links
  newsroom.get(ROUTES.preview, showPreview);
  newsroom.post(ROUTES.shareLinks, createShareLink);
  newsroom.post(ROUTES.revokeLink, revokeShareLink);
  // Publishing: a draft's actions, the live site and its history
  newsroom.post(ROUTES.publish, publishDraftNow);
  newsroom.post(ROUTES.schedule, scheduleDraft);
  newsroom.post(ROUTES.correct, correctDraft);
  newsroom.post(ROUTES.review, requestReview);
  newsroom.get(ROUTES.live, showLive);
  newsroom.get(ROUTES.articleTitles, listArticleTitles);
  newsroom.get(ROUTES.unpublish, askUnpublish);
  newsroom.post(ROUTES.unpublish, unpublish);
  newsroom.post(ROUTES.editLive, openLiveDraft);
  // Authors and the team
  newsroom.get(ROUTES.authors, showAuthors);
  newsroom.post(ROUTES.authors, addAuthor);
  newsroom.post(ROUTES.author, editAuthor);
  newsroom.get(ROUTES.people, showPeople);
  newsroom.post(ROUTES.people, savePerson);
  newsroom.post(ROUTES.removePerson, removePerson);
  // Old addresses (after a move from WordPress)
  newsroom.get(ROUTES.redirects, showRedirects);
  newsroom.post(ROUTES.removeRedirect, removeOldAddress);
  // The command line's API (JSON)
  newsroom.get(ROUTES.apiLive, apiLive);
  newsroom.post(ROUTES.apiPublish, apiPublish);
  newsroom.post(ROUTES.apiUnpublish, apiUnpublish);
  newsroom.post(ROUTES.apiGc, apiGc);
  newsroom.post(ROUTES.apiRestore, apiRestore);
  newsroom.post(ROUTES.apiReindex, apiReindex);
  newsroom.get(ROUTES.apiImported, apiImported);
  newsroom.post(ROUTES.apiImportDrafts, apiImportDrafts);
  newsroom.post(ROUTES.apiRedirects, apiRedirects);
  newsroom.all('*', (c) => messagePage(c, 404, 'Página não encontrada', 'Este endereço não existe na redação.'));
  // Its own error page (the reader's would be styled for the reader's CSP): a database that fails, or migrations not yet applied.
  newsroom.onError((error, c) => {
    log('error', 'newsroom_error', { method: c.req.method, path: c.req.path, ...describeError(error) });
    return messagePage(
      c,
      500,
      'Algo deu errado',
      'A redação não conseguiu responder agora. Nada do que estava salvo mudou: tente de novo em instantes.',
    );
  });
  return newsroom;
}
