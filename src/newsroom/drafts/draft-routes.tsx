import type { Context } from 'hono';
import { ContentUnavailableError } from '#src/content/index/sources.ts';
import { currentTime } from '#src/lib/clock.ts';
import { describeError, log } from '#src/lib/log.ts';
import { parseSearchQuery } from '#src/search/query.ts';
import { searchTitles } from '#src/search/search-db.ts';
import { authorChoices } from '../authors/author-choices';
import { postedForm } from '../http/posted-form';
import { ImportedPosts } from '../importing/imported-posts';
import { messagePage, page, wantsJson } from '../layout/render';
import { missingLinkWarnings } from '../links/linked-articles';
import { liveImageProblems } from '../live-draft/image-problems';
import { hasMedia } from '../media/media-store';
import { PATHS } from '../paths';
import { newestLive } from '../publishing/live-articles';
import { publishPanel } from '../publishing/publish-routes';
import { type DraftContent, draftFromForm } from '../shared/draft-input';
import { fieldProblems, withPublishTime } from '../shared/field-check';
import { IMAGE_FIELD, isStoredImage, shareImageOf } from '../shared/media-names';
import { FORM } from '../shared/names';
import { cardHost } from '../shared/share-card';
import type { NewsroomEnv, RouteContext } from '../team/newsroom-env';
import { canEditDraft, canSeeRevisions } from '../team/roles';
import { articleRows, filterRows, listQuery } from './article-list';
import { ConflictPage } from './ConflictPage';
import { DraftPage } from './DraftPage';
import { ArticlesPage, draftTitle } from './DraftsPage';
import { DraftView } from './DraftView';
import { type Draft, DraftsStore, isDraftId } from './drafts-store';
import { RevisionsPage } from './RevisionsPage';

type C = Context<NewsroomEnv>;

const store = (c: C) => new DraftsStore(c.env.DB);

export const notFound = (c: C) =>
  messagePage(
    c,
    404,
    'Rascunho não encontrado',
    'Este rascunho não existe (confira o endereço) ou foi apagado. A lista mostra todos os rascunhos.',
  );

export const notAllowed = (c: C, what: string) => messagePage(c, 403, 'Sem permissão', `${what} Fale com um editor se precisar.`);

/** The draft the path names, or null (a malformed id names none). */
export async function draftOf(c: C): Promise<Draft | null> {
  const id = c.req.param('id') ?? '';
  return isDraftId(id) ? store(c).get(id) : null;
}

/** A colaborador writes their own drafts; editors, anyone's. */
export const mayEdit = (c: C, draft: Draft) => canEditDraft(c.var.member, draft);

/**
 * Saves `content` over version `base` and answers: the autosave gets JSON
 * (200 with the new version; 409 with both versions), a form the next page
 * (the draft again; or both versions side by side, to keep either).
 */
async function saveAndAnswer(c: C, draft: Draft, base: number, content: DraftContent, done: string): Promise<Response> {
  const result = await store(c).save(draft.id, base, content, c.var.member.email, currentTime());
  if (result.saved) {
    const { version, updatedAt, updatedBy } = result.draft;
    return wantsJson(c) ? c.json({ version, updatedAt, updatedBy }) : c.redirect(`${PATHS.draft(draft.id)}?${done}`, 303);
  }
  if (result.current === null) return notFound(c);
  if (wantsJson(c)) {
    return c.json(
      {
        error: 'Outra pessoa salvou este rascunho depois da versão em que você começou.',
        mine: { ...content, version: base },
        current: result.current,
      },
      409,
    );
  }
  return page(
    c,
    'Versões diferentes',
    <ConflictPage mine={content} current={result.current} you={c.var.member.email} xsrf={c.var.xsrf} />,
    409,
  );
}

/** What the edit page says after a form was saved or a revision restored (the query of the redirect). */
function noticeOf(c: C): string | undefined {
  if (c.req.query('salvo') !== undefined) return 'Rascunho salvo.';
  const restored = c.req.query('restaurada');
  return restored !== undefined && /^\d{1,9}$/.test(restored) ? `Versão ${restored} restaurada: ela é agora a versão atual.` : undefined;
}

/** How many of the newest live articles the list shows beside the drafts (the drafts have their own bound: drafts-store.ts). */
const LIVE_LISTED = 100;

/**
 * The newest live articles and, with a search, the live ones whose title
 * holds its words however old (from the search index); null when the site's
 * content cannot be read now (the drafts are still listed).
 */
async function liveOrNull(c: C, now: number, search: string | undefined) {
  try {
    const [newest, byTitle] = await Promise.all([newestLive(c.env, now, LIVE_LISTED), liveByTitle(c, now, search)]);
    const listed = new Set(newest.map((entry) => entry.slug));
    return [...newest, ...byTitle.filter((entry) => !listed.has(entry.slug))];
  } catch (error) {
    if (!(error instanceof ContentUnavailableError)) throw error;
    return null;
  }
}

/** Live articles whose title has the search's words; none when the search index cannot answer (logged: the newest are still listed). */
export async function liveByTitle(c: C, now: number, search: string | undefined) {
  const query = parseSearchQuery(search);
  if (query.kind !== 'terms') return [];
  try {
    return await searchTitles(c.env.DB, query.match, now);
  } catch (error) {
    log('error', 'newsroom_title_search_failed', describeError(error));
    return [];
  }
}

export const listDrafts = async (c: RouteContext<'drafts'>) => {
  const now = currentTime();
  const query = listQuery((name) => c.req.query(name));
  const [drafts, live, authors] = await Promise.all([store(c).list(), liveOrNull(c, now, query.search), authorChoices(c)]);
  const names = new Map(authors.map((author) => [author.slug, author.name]));
  const rows = articleRows(drafts, live ?? [], now);
  const content = (
    <ArticlesPage
      rows={filterRows(rows, query)}
      total={rows.length}
      query={query}
      authors={authors}
      authorName={(slug) => names.get(slug) ?? slug}
      xsrf={c.var.xsrf}
      liveUnread={live === null}
    />
  );
  return page(c, 'Artigos', content);
};

export const createDraft = async (c: RouteContext<'newDraft'>) => {
  const { member } = c.var;
  const fields = member.author === null ? {} : { autor: member.author };
  const draft = await store(c).create({ fields, body: '' }, member.email, currentTime());
  return c.redirect(PATHS.draft(draft.id), 303);
};

/** What the WordPress import could not carry over into this draft, said where the journalist will fix it. */
const importNotes = async (db: D1Database, id: string) =>
  (await new ImportedPosts(db).notesFor(id)).map((note) => `Importado do WordPress: ${note}`);

/** Whether the draft's main image has its share image in R2 (images uploaded before decision 053 have none), for the link's preview. */
const hasShareImage = async (bucket: R2Bucket, image: unknown) =>
  typeof image === 'string' && isStoredImage(image) && (await hasMedia(bucket, shareImageOf(image)));

export const showDraft = async (c: RouteContext<'draft'>) => {
  const draft = await draftOf(c);
  if (draft === null) return notFound(c);
  if (!mayEdit(c, draft)) return page(c, draftTitle(draft), <DraftView draft={draft} />);
  const now = currentTime();
  const content = (
    <DraftPage
      draft={draft}
      problems={fieldProblems(withPublishTime(draft.fields, now))}
      authors={await authorChoices(c)}
      xsrf={c.var.xsrf}
      showRevisions={canSeeRevisions(c.var.member)}
      notice={noticeOf(c)}
      warnings={[
        ...liveImageProblems(draft),
        ...(await importNotes(c.env.DB, draft.id)),
        ...(await missingLinkWarnings(c.env, draft.body, now)),
      ]}
      publishing={publishPanel(c, draft)}
      shareHost={cardHost(c.var.site.url)}
      shareImage={await hasShareImage(c.env.MEDIA, draft.fields[IMAGE_FIELD])}
    />
  );
  return page(c, draftTitle(draft), content);
};

export const saveDraft = async (c: RouteContext<'draft'>) => {
  const draft = await draftOf(c);
  if (draft === null) return notFound(c);
  if (!mayEdit(c, draft)) return notAllowed(c, 'Colaboradores editam só os próprios rascunhos.');
  const form = await postedForm(c);
  const input = form === null ? { ok: false as const, problem: 'o formulário chegou incompleto' } : draftFromForm(form);
  if (!input.ok) {
    const message = `Não foi possível salvar: ${input.problem}.`;
    return wantsJson(c) ? c.json({ error: message }, 400) : messagePage(c, 400, 'Rascunho não salvo', message);
  }
  return saveAndAnswer(c, draft, input.version, input.content, 'salvo');
};

export const listRevisions = async (c: RouteContext<'revisions'>) => {
  if (!canSeeRevisions(c.var.member)) return notAllowed(c, 'As revisões são dos editores.');
  const draft = await draftOf(c);
  if (draft === null) return notFound(c);
  const revisions = await store(c).revisions(draft.id);
  return page(c, 'Revisões', <RevisionsPage draft={draft} revisions={revisions} xsrf={c.var.xsrf} />);
};

export const restoreRevision = async (c: RouteContext<'restore'>) => {
  if (!canSeeRevisions(c.var.member)) return notAllowed(c, 'Só editores restauram revisões.');
  const draft = await draftOf(c);
  const version = Number(c.req.param('version'));
  const revision = draft === null || !Number.isSafeInteger(version) ? null : await store(c).revision(draft.id, version);
  if (draft === null || revision === null) return notFound(c);
  const base = Number((await postedForm(c))?.get(FORM.version));
  if (!Number.isSafeInteger(base))
    return messagePage(c, 400, 'Revisão não restaurada', 'O pedido não disse de que versão partia: recarregue a página de revisões.');
  return saveAndAnswer(c, draft, base, { fields: revision.fields, body: revision.body }, `restaurada=${version}`);
};
