import type { ReactNode } from 'react';
import { XsrfField } from '../http/XsrfField';
import { choosePhotoFor } from '../library/choosing';
import { PATHS } from '../paths';
import type { FieldProblem } from '../shared/field-check';
import { DRAFT_FORM_ID, FORM } from '../shared/names';
import { readingAids } from '../shared/reading-aids';
import { shownAt } from '../shared/when';
import { type AuthorChoice, DraftFieldset } from './DraftForm';
import { draftTitle } from './DraftsPage';
import type { Draft } from './drafts-store';

/**
 * A draft's edit page: the form generated from the article schema, posted as
 * is without JavaScript; with it, saved as the journalist types
 * (client/newsroom/autosave.ts), checked as they type, and guarded against
 * leaving with unsaved changes.
 */
export function DraftPage({
  draft,
  problems,
  authors,
  xsrf,
  showRevisions,
  notice,
  warnings = [],
  publishing,
  shareHost,
  shareImage,
}: {
  draft: Draft;
  problems: Partial<Record<string, FieldProblem>>;
  authors: readonly AuthorChoice[];
  xsrf: string;
  showRevisions: boolean;
  notice?: string;
  /** What the draft lacks beyond its fields, in the journalist's words (a live article's images not copied: live-draft/image-problems.ts). */
  warnings?: readonly string[];
  /** The draft's actions on the site (PublishPanel). */
  publishing?: ReactNode;
  /** The site's address as link previews show it. */
  shareHost: string;
  /** Whether the saved main image has its share image. */
  shareImage?: boolean;
}) {
  return (
    <>
      <p className="nr-back">
        <a href={PATHS.home}>← Artigos</a>
      </p>
      <h1>{draftTitle(draft)}</h1>
      {notice && (
        <p className="nr-notice" role="status">
          {notice}
        </p>
      )}
      {warnings.length > 0 && (
        <ul className="nr-warnings">
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      <form id={DRAFT_FORM_ID} className="nr-form" method="post" action={PATHS.draft(draft.id)} noValidate>
        <XsrfField token={xsrf} />
        <input type="hidden" name={FORM.version} value={draft.version} />
        <DraftFieldset
          content={draft}
          problems={problems}
          authors={authors}
          uploadTo={PATHS.images(draft.id)}
          library={{ principal: choosePhotoFor(draft.id, 'principal'), figura: choosePhotoFor(draft.id, 'figura') }}
          shareHost={shareHost}
          shareImage={shareImage}
        />
        <div className="nr-actions">
          <button type="submit" className="nr-primary">
            Salvar
          </button>
          <p className="nr-save-state" role="status" aria-live="polite" data-save-state>
            Versão {draft.version}, salva em {shownAt(draft.updatedAt)} por {draft.updatedBy}
          </p>
          {/* In the sticky bar, so it shows while the text is written; the editor's script (client/newsroom/editor.ts) keeps it counting. */}
          <p className="nr-reading" data-reading title="Como a página da notícia vai dizer">
            {readingAids(draft.body).text}
          </p>
        </div>
      </form>
      <p>
        <a href={PATHS.preview(draft.id)}>Pré-visualizar a versão salva</a>
      </p>
      {publishing}
      {showRevisions && (
        <p>
          <a href={PATHS.revisions(draft.id)}>Revisões deste rascunho</a>
        </p>
      )}
    </>
  );
}
