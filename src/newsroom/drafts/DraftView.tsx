import { PATHS } from '../paths';
import { shownAt } from '../shared/when';
import { ContentView } from './ContentView';
import { draftTitle } from './DraftsPage';
import type { Draft } from './drafts-store';

/** A draft its reader may not change (a colleague's, for a colaborador): read only, saying why. */
export function DraftView({ draft }: { draft: Draft }) {
  return (
    <>
      <p className="nr-back">
        <a href={PATHS.home}>← Artigos</a>
      </p>
      <h1>{draftTitle(draft)}</h1>
      <p className="nr-notice">
        Rascunho de {draft.createdBy}: colaboradores editam só os próprios rascunhos. Versão {draft.version}, salva em{' '}
        {shownAt(draft.updatedAt)} por {draft.updatedBy}.
      </p>
      <ContentView content={draft} />
    </>
  );
}
