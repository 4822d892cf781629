import { XsrfField } from '../http/XsrfField';
import { PATHS } from '../paths';
import { FORM } from '../shared/names';
import { shownAt } from '../shared/when';
import { ContentView } from './ContentView';
import { draftTitle } from './DraftsPage';
import type { Draft, Revision } from './drafts-store';

/** The versions a draft had, newest first, each restorable (a restore is a new save: the versions after it stay). */
export function RevisionsPage({ draft, revisions, xsrf }: { draft: Draft; revisions: readonly Revision[]; xsrf: string }) {
  return (
    <>
      <p className="nr-back">
        <a href={PATHS.draft(draft.id)}>← Voltar ao rascunho</a>
      </p>
      <h1>Revisões de "{draftTitle(draft)}"</h1>
      <ol className="nr-revisions">
        {revisions.map((revision) => (
          <li key={revision.version}>
            <details>
              <summary>
                Versão {revision.version} · {shownAt(revision.savedAt)} · {revision.savedBy}
                {revision.version === draft.version && ' (atual)'}
              </summary>
              <ContentView content={revision} />
            </details>
            {revision.version !== draft.version && (
              <form method="post" action={PATHS.restore(draft.id, revision.version)}>
                <XsrfField token={xsrf} />
                <input type="hidden" name={FORM.version} value={draft.version} />
                <button type="submit">Restaurar a versão {revision.version}</button>
              </form>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
