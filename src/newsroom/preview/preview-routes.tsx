import type { Context } from 'hono';
import { currentTime } from '#src/lib/clock.ts';
import { draftOf, notFound } from '../drafts/draft-routes';
import type { Draft } from '../drafts/drafts-store';
import { messagePage } from '../layout/render';
import { linkedArticlesOf } from '../links/linked-articles';
import { PATHS, sharedPreviewPath } from '../paths';
import type { NewsroomEnv, RouteContext } from '../team/newsroom-env';
import { canEditDraft } from '../team/roles';
import { draftArticle } from './draft-article';
import { previewResponse } from './preview-page';
import { type ListedLink, ShareLinksPanel } from './ShareLinksPanel';
import { linkSecret, ShareLinks } from './share-links';

type C = Context<NewsroomEnv>;

const linksOf = (c: C) => {
  const secret = linkSecret(c.env);
  return secret === null ? null : new ShareLinks(c.env.DB, secret);
};

const notAllowed = (c: C) =>
  messagePage(
    c,
    403,
    'Sem permissão',
    'Só editores e quem escreveu o rascunho criam ou revogam links da prévia. Fale com um editor se precisar.',
  );

const notConfigured = (c: C) =>
  messagePage(
    c,
    503,
    'Links de prévia desativados',
    'Este site ainda não tem o segredo que assina os links da prévia: fale com quem cuida do site.',
  );

/** The draft's links, each with its full address (the origin this request came to). */
async function listed(c: C, links: ShareLinks, draft: Draft): Promise<ListedLink[]> {
  const origin = new URL(c.req.url).origin;
  return Promise.all(
    (await links.list(draft.id)).map(async (link) => ({ ...link, url: `${origin}${sharedPreviewPath(await links.token(link))}` })),
  );
}

/** The preview in the newsroom, the draft's links under its bar, and the shared preview's actions. */

export const showPreview = async (c: RouteContext<'preview'>) => {
  const draft = await draftOf(c);
  if (draft === null) return notFound(c);
  const now = currentTime();
  const links = linksOf(c);
  const extra = (
    <>
      <p className="pv-actions">
        <a href={PATHS.draft(draft.id)}>← Voltar ao rascunho</a>
      </p>
      {canEditDraft(c.var.member, draft) && (
        <ShareLinksPanel
          draftId={draft.id}
          links={links ? await listed(c, links, draft) : []}
          now={now}
          xsrf={c.var.xsrf}
          enabled={links !== null}
        />
      )}
    </>
  );
  return previewResponse(c, c.var, await checkedDraftArticle(c, draft, now), now, PATHS.media(''), extra);
};

/**
 * The draft as the preview reads it, its links to the site's articles judged:
 * read again with the ones the site has only when the body links to any, as
 * which those are is known only once the body is HTML.
 */
async function checkedDraftArticle(c: C, draft: Draft, now: number) {
  const read = draftArticle(draft, now);
  const linked = await linkedArticlesOf(c.env, read.html, now);
  return linked.missing.length === 0 ? read : draftArticle(draft, now, undefined, linked.known);
}

export const createShareLink = async (c: RouteContext<'shareLinks'>) => {
  const draft = await draftOf(c);
  if (draft === null) return notFound(c);
  if (!canEditDraft(c.var.member, draft)) return notAllowed(c);
  const links = linksOf(c);
  if (links === null) return notConfigured(c);
  await links.create(draft.id, c.var.member.email, currentTime());
  return c.redirect(PATHS.preview(draft.id), 303);
};

export const revokeShareLink = async (c: RouteContext<'revokeLink'>) => {
  const draft = await draftOf(c);
  if (draft === null) return notFound(c);
  if (!canEditDraft(c.var.member, draft)) return notAllowed(c);
  const links = linksOf(c);
  if (links === null) return notConfigured(c);
  const revoked = await links.revoke(draft.id, c.req.param('link'), c.var.member.email, currentTime());
  if (!revoked) return messagePage(c, 404, 'Link não encontrado', 'Este link não existe ou já foi revogado.');
  return c.redirect(PATHS.preview(draft.id), 303);
};
