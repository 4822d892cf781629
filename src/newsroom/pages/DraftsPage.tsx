import type { Draft } from '../drafts-store';
import { PATHS } from '../paths';
import { UNTITLED } from '../shared/field-labels';
import { shownAt } from '../shared/when';
import { XsrfField } from './XsrfField';

/** A draft's title as the list shows it: what the journalist wrote, or a placeholder. */
export const draftTitle = (draft: Pick<Draft, 'fields'>) => (typeof draft.fields.titulo === 'string' ? draft.fields.titulo : UNTITLED);

/** The list of drafts: each with its state, author, and its last change and who made it. */
export function DraftsPage({ drafts, authorName, xsrf }: { drafts: readonly Draft[]; authorName: (draft: Draft) => string; xsrf: string }) {
  return (
    <>
      <div className="nr-title-row">
        <h1>Rascunhos</h1>
        <form method="post" action={PATHS.newDraft}>
          <XsrfField token={xsrf} />
          <button type="submit" className="nr-primary">
            Novo rascunho
          </button>
        </form>
      </div>
      {drafts.length === 0 ? (
        <p>Nenhum rascunho ainda. Comece um com "Novo rascunho".</p>
      ) : (
        <ul className="nr-list">
          {drafts.map((draft) => (
            <li key={draft.id}>
              <a href={PATHS.draft(draft.id)}>{draftTitle(draft)}</a>
              <p className="nr-meta">
                <span className="nr-state">rascunho</span> · {authorName(draft)}
              </p>
              <p className="nr-meta">
                Alterado em {shownAt(draft.updatedAt)} por {draft.updatedBy}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
