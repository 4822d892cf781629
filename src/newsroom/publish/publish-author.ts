import { contentHash } from '../../content/index/content-hash';
import type { StoredAuthor } from '../../content/index/index-build';
import { forgetLiveIndex } from '../../content/index/live-index';
import { planPublish } from '../../publishing/plan/plan';
import { runChange } from '../../publishing/run/run';
import type { WorkerRun } from '../../publishing/worker-run';

/** What the newsroom's author form edits: the byline's name, the role under it, the biography. */
export type AuthorText = Pick<StoredAuthor, 'nome' | 'cargo' | 'bio'>;

export type AuthorChange = { kind: 'new' } | { kind: 'edit' };

/**
 * Publishes one author's text to the live registry with the publishing engine
 * inside the request (the lock, content-addressed keys, the switch), as an
 * article's publish does: the byline, the author's page and every article they
 * sign show it at the next read. The photo the registry holds is kept (the
 * newsroom does not upload author photos). `new` refuses a slug the registry
 * already has, and `edit` one it lacks, so two editors who add the same name
 * at once make one author, and an edit never brings back a removed one.
 * Returns false when refused; the engine's own refusals (LockBusyError,
 * LiveIndexError) reach the caller with nothing changed.
 */
export async function publishAuthor(run: WorkerRun, slug: string, text: AuthorText, change: AuthorChange): Promise<boolean> {
  let accepted = false;
  await runChange(
    run.store,
    (live) => {
      const current = live.authors?.[slug];
      accepted = change.kind === 'new' ? current === undefined : current !== undefined;
      if (!accepted) return null;
      const author: StoredAuthor = { ...text, ...(current?.foto ? { foto: current.foto } : {}) };
      return planPublish([], live, contentHash, { registry: { authors: { [slug]: author }, photos: [] } });
    },
    run.options,
  );
  if (accepted) forgetLiveIndex();
  return accepted;
}
