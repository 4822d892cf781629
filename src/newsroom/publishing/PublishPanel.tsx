import type { ReactNode } from 'react';
import { siteWallClock } from '#src/content/schema/date-rule.ts';
import { SEARCH_FOLLOWS_TEXT } from '#src/publishing/error-policy.ts';
import { isScheduled } from '#src/publishing/plan/scheduled.ts';
import { articlePath } from '#src/seo/urls.ts';
import type { Draft } from '../drafts/drafts-store';
import { XsrfField } from '../http/XsrfField';
import { PATHS } from '../paths';
import type { DraftProblem } from '../preview/draft-article';
import { Problems } from '../preview/PreviewBar';
import { PUBLISH_FORM } from '../shared/names';
import { shownAt } from '../shared/when';
import { scheduledText } from './publish-draft';

/** What the panel says after an action (the `feito` query of the redirect). */
export const DONE = ['publicado', 'agendado', 'corrigido', 'revisao'] as const;
export type Done = (typeof DONE)[number];
export const isDone = (value: unknown): value is Done => DONE.includes(value as Done);

/** When readers see a change: at once on this computer (the worker forgets its index), else within the site's bounds (README). */
const whenSeen = (local: boolean) =>
  local ? 'Neste computador os leitores já o veem.' : 'Os leitores o veem em até uns 5 minutos (o tempo de o site se atualizar).';

function Notice({ done, draft, local, searchPending }: { done: Done; draft: Draft; local: boolean; searchPending: boolean }) {
  const address = draft.slug && <a href={articlePath({ slug: draft.slug })}>{articlePath({ slug: draft.slug })}</a>;
  const data = String(draft.fields.data ?? '');
  const texts: Record<Done, ReactNode> = {
    publicado: (
      <>
        Publicado em {address}. {whenSeen(local)}
      </>
    ),
    agendado: (
      <>
        Agendado para {scheduledText(data)} (horário de Brasília): o artigo aparece em {address} a partir desse minuto.
      </>
    ),
    corrigido: (
      <>
        Correção publicada em {address}. {whenSeen(local)}
      </>
    ),
    revisao: <>Enviado para revisão: um editor pode agora revisá-lo e publicá-lo.</>,
  };
  return (
    <p className="nr-notice" role="status">
      {texts[done]}
      {searchPending && ` ${SEARCH_FOLLOWS_TEXT}`}
    </p>
  );
}

/** Where the draft stands: on the site (and whether it has changes readers do not see yet), scheduled, in review. */
function State({ draft, now }: { draft: Draft; now: number }) {
  const data = String(draft.fields.data ?? '');
  const live = draft.publishedVersion !== null && draft.slug !== null;
  return (
    <ul className="nr-publish-state">
      {live ? (
        <li>
          {isScheduled(data, now) ? `Agendado para ${scheduledText(data)}: aparece em ` : 'No ar em '}
          <a href={articlePath({ slug: draft.slug! })}>{articlePath({ slug: draft.slug! })}</a> (versão {draft.publishedVersion})
          {draft.version > draft.publishedVersion! && '. Há alterações salvas depois dela que os leitores ainda não veem.'}
        </li>
      ) : (
        <li>Ainda não publicado.</li>
      )}
      {draft.reviewRequested && (
        <li>
          Em revisão desde {shownAt(draft.reviewRequested.at)} (enviado por {draft.reviewRequested.by})
        </li>
      )}
    </ul>
  );
}

/**
 * The draft's actions on the site, each a plain form (no script needed):
 * an editor publishes the saved version, schedules it or, once it is live,
 * publishes a correction; anyone who may edit it sends it for review.
 */
export function PublishPanel({
  draft,
  xsrf,
  now,
  mayPublish,
  local,
  done,
  searchPending = false,
}: {
  draft: Draft;
  xsrf: string;
  now: number;
  mayPublish: boolean;
  /** This worker is the local one: readers see a change at once. */
  local: boolean;
  done?: Done;
  /** The change is live but the site's search is still to follow (src/publishing/error-policy.ts). */
  searchPending?: boolean;
}) {
  const live = draft.publishedVersion !== null;
  // A correction is for an article readers can see: one still scheduled is simply published again.
  const correctable = live && !isScheduled(String(draft.fields.data ?? ''), now);
  return (
    <section className="nr-publish" aria-labelledby="publicacao">
      <h2 id="publicacao">Publicação</h2>
      {done && <Notice done={done} draft={draft} local={local} searchPending={searchPending} />}
      <State draft={draft} now={now} />
      {mayPublish && (
        <>
          <form method="post" action={PATHS.publish(draft.id)}>
            <XsrfField token={xsrf} />
            <p className="nr-hint">Publica a última versão salva: confira antes na pré-visualização.</p>
            <button type="submit" className="nr-primary">
              {live ? 'Publicar alterações' : 'Publicar'}
            </button>
          </form>
          <form method="post" action={PATHS.schedule(draft.id)}>
            <XsrfField token={xsrf} />
            <label htmlFor="agendar-quando">Agendar para (horário de Brasília)</label>
            <input id="agendar-quando" name={PUBLISH_FORM.when} type="datetime-local" required min={siteWallClock(now)} />
            <button type="submit">Agendar</button>
          </form>
          {correctable && (
            <form method="post" action={PATHS.correct(draft.id)}>
              <XsrfField token={xsrf} />
              <label htmlFor="corrigir-nota">Nota de correção</label>
              <p className="nr-hint">O que estava errado e o que foi corrigido; aparece no fim do artigo, com a data de hoje.</p>
              <textarea id="corrigir-nota" name={PUBLISH_FORM.note} rows={3} required />
              <button type="submit">Publicar correção</button>
            </form>
          )}
        </>
      )}
      {!draft.reviewRequested && (
        <form method="post" action={PATHS.review(draft.id)}>
          <XsrfField token={xsrf} />
          <button type="submit">Enviar para revisão</button>
        </form>
      )}
    </section>
  );
}

/** A publish refused: why, the draft's problems in the form's terms when there are any, and the way back. */
export function PublishRefused({
  heading,
  draftId,
  message,
  problems,
}: {
  heading: string;
  draftId: string;
  message: string;
  problems?: readonly DraftProblem[];
}) {
  return (
    <>
      <h1>{heading}</h1>
      <p>{message}</p>
      {problems && problems.length > 0 && <Problems problems={problems} />}
      <p>
        <a href={PATHS.draft(draftId)}>← Voltar ao rascunho</a>
      </p>
    </>
  );
}
