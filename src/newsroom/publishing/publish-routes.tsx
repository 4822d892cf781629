import type { Context } from 'hono';
import { siteWallClock } from '#src/content/schema/date-rule.ts';
import { publicationInstant } from '#src/content/schema/updated.ts';
import { currentTime } from '#src/lib/clock.ts';
import { draftOf, mayEdit, notAllowed, notFound } from '../drafts/draft-routes';
import { type Draft, DraftsStore } from '../drafts/drafts-store';
import { finishEvenIfLeft } from '../http/finish-even-if-left';
import { postedForm } from '../http/posted-form';
import { messagePage, page } from '../layout/render';
import { PATHS, SEARCH_FOLLOWS, searchFollowsQuery } from '../paths';
import type { DraftFields } from '../shared/draft-input';
import { fieldProblems, withPublishTime } from '../shared/field-check';
import { PUBLISH_FORM } from '../shared/names';
import { shownAt } from '../shared/when';
import type { NewsroomEnv, RouteContext } from '../team/newsroom-env';
import { canPublish } from '../team/roles';
import type { Action } from './actions-store';
import { type Done, isDone, PublishPanel, PublishRefused } from './PublishPanel';
import { publishDraft } from './publish-draft';

type C = Context<NewsroomEnv>;

/** This worker is the local one (`npm start`): what the engine's messages and the notices say. */
const isLocal = (c: C) => c.var.newsroom.identity === 'development';

const notEditor = (c: C) => notAllowed(c, 'Só um editor publica, agenda ou corrige artigos; envie o rascunho para revisão.');

/** The draft page's publishing panel, for drafts/draft-routes.tsx. */
export function publishPanel(c: C, draft: Draft) {
  const done = c.req.query('feito');
  return (
    <PublishPanel
      draft={draft}
      xsrf={c.var.xsrf}
      now={currentTime()}
      mayPublish={canPublish(c.var.member)}
      local={isLocal(c)}
      done={isDone(done) ? done : undefined}
      searchPending={c.req.query(SEARCH_FOLLOWS.name) === SEARCH_FOLLOWS.value}
    />
  );
}

/** Publishes `draft` as saved and answers: the draft page with the notice, or the refusal (its problems, or the engine's reason). */
async function publishAndAnswer(c: C, draft: Draft, action: Action, done: Done): Promise<Response> {
  const outcome = await finishEvenIfLeft(c, publishDraft(c.env, c.var.member.email, draft, action, isLocal(c) ? 'local' : 'remote'));
  if (!outcome.done) {
    const content = <PublishRefused heading={outcome.heading} draftId={draft.id} message={outcome.message} problems={outcome.problems} />;
    return page(c, outcome.heading, content, outcome.status);
  }
  return c.redirect(`${PATHS.draft(draft.id)}?feito=${done}${searchFollowsQuery(outcome.searchPending)}#publicacao`, 303);
}

/**
 * Saves the draft with `fields` changed (a new version, compare-and-set on
 * the version just read, as every save), then publishes that version.
 */
async function saveThenPublish(c: C, draft: Draft, fields: Partial<DraftFields>, action: Action, done: Done): Promise<Response> {
  // The changed fields are judged by the schema's rules first: a value the article could not take is not saved either.
  const problems = fieldProblems(withPublishTime({ ...draft.fields, ...fields }, currentTime()));
  const refused = Object.keys(fields).flatMap((name) => {
    const problem = problems[name];
    return problem ? [`${problem.message}; ${problem.fix}.`] : [];
  });
  if (refused.length > 0) return messagePage(c, 400, 'Nada foi alterado', refused.join(' '));
  const saved = await new DraftsStore(c.env.DB).save(
    draft.id,
    draft.version,
    { fields: { ...draft.fields, ...fields }, body: draft.body },
    c.var.member.email,
    currentTime(),
  );
  if (!saved.saved) {
    if (saved.current === null) return notFound(c);
    return messagePage(c, 409, 'Nada foi alterado', 'Outra pessoa salvou este rascunho neste instante: abra-o de novo e repita.');
  }
  return publishAndAnswer(c, saved.draft, action, done);
}

/** The draft and whether this editor may change the site; a response when not. */
async function editorsDraft(c: C): Promise<Draft | Response> {
  if (!canPublish(c.var.member)) return notEditor(c);
  const draft = await draftOf(c);
  return draft ?? notFound(c);
}

/** A draft's actions on the site (docs/newsroom-publishing.md, "Publishing"). */

export const publishDraftNow = async (c: RouteContext<'publish'>) => {
  const draft = await editorsDraft(c);
  if (draft instanceof Response) return draft;
  // An empty date is this minute (withPublishTime), written into the draft so a later publish keeps it.
  const { data } = withPublishTime(draft.fields, currentTime());
  if (data !== draft.fields.data) return saveThenPublish(c, draft, { data }, 'publicar', 'publicado');
  return publishAndAnswer(c, draft, 'publicar', 'publicado');
};

export const scheduleDraft = async (c: RouteContext<'schedule'>) => {
  const draft = await editorsDraft(c);
  if (draft instanceof Response) return draft;
  const when = (await postedForm(c))?.get(PUBLISH_FORM.when) ?? '';
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(when) ? publicationInstant(when) : null;
  if (at === null) {
    return messagePage(c, 400, 'Nada foi agendado', 'Escolha o dia e a hora da publicação (horário de Brasília) e agende de novo.');
  }
  if (at <= currentTime()) {
    return messagePage(
      c,
      400,
      'Nada foi agendado',
      `${shownAt(at)} já passou: escolha um momento futuro, ou use "Publicar" para publicar agora.`,
    );
  }
  return saveThenPublish(c, draft, { data: when }, 'agendar', 'agendado');
};

export const correctDraft = async (c: RouteContext<'correct'>) => {
  const draft = await editorsDraft(c);
  if (draft instanceof Response) return draft;
  if (draft.publishedVersion === null) {
    return messagePage(
      c,
      409,
      'Nada foi corrigido',
      'Este rascunho não está no ar: a correção é para um artigo já publicado. Use "Publicar".',
    );
  }
  const note = ((await postedForm(c))?.get(PUBLISH_FORM.note) ?? '').trim();
  if (note === '') {
    return messagePage(
      c,
      400,
      'Nada foi corrigido',
      'Escreva a nota de correção (o que estava errado e o que foi corrigido) e publique de novo.',
    );
  }
  return saveThenPublish(c, draft, { correcao: note, atualizado: siteWallClock(currentTime()) }, 'corrigir', 'corrigido');
};

export const requestReview = async (c: RouteContext<'review'>) => {
  const draft = await draftOf(c);
  if (draft === null) return notFound(c);
  if (!mayEdit(c, draft)) return notAllowed(c, 'Colaboradores enviam para revisão só os próprios rascunhos.');
  await new DraftsStore(c.env.DB).requestReview(draft.id, c.var.member.email, currentTime());
  return c.redirect(`${PATHS.draft(draft.id)}?feito=revisao#publicacao`, 303);
};
