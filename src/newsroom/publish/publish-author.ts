import { contentHash } from '../../content/index/content-hash';
import type { StoredAuthor } from '../../content/index/index-build';
import { forgetLiveIndex } from '../../content/index/live-index';
import { imageKey } from '../../content/schema/format';
import { planPublish } from '../../publishing/plan/plan';
import { runChange } from '../../publishing/run/run';
import type { WorkerRun } from '../../publishing/worker-run';

/** What the newsroom's author form edits: the byline's name, the role under it, the biography. */
export type AuthorText = Pick<StoredAuthor, 'nome' | 'cargo' | 'bio'>;

export type AuthorChange = { kind: 'new' } | { kind: 'edit' };

/** The photo: the one the registry holds, none (initials stand in), or a prepared one (a checked 192×192 WebP). */
export type PhotoChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'set'; bytes: Uint8Array };

/** A published photo's name, as the editors' command names it: the author's slug and the file's hash. */
const photoFile = (slug: string, bytes: Uint8Array) => `autor-${slug}-${contentHash(bytes)}.webp`;

/**
 * Publishes one author to the live registry with the publishing engine inside
 * the request (the lock, content-addressed keys, the switch), as an article's
 * publish does: the byline, the author's page and every article they sign
 * show it at the next read. A new photo is written with the registry, under
 * its own hash; the one it replaces stays in KV, as the command leaves it.
 * `new` refuses a slug the registry already has, and `edit` one it lacks, so
 * two editors who add the same name at once make one author, and an edit
 * never brings back a removed one. Returns false when refused; the engine's
 * own refusals (LockBusyError, LiveIndexError) reach the caller with nothing
 * changed.
 */
export async function publishAuthor(
  run: WorkerRun,
  slug: string,
  text: AuthorText,
  change: AuthorChange,
  photo: PhotoChange = { kind: 'keep' },
): Promise<boolean> {
  let accepted = false;
  const added = photo.kind === 'set' ? photoFile(slug, photo.bytes) : undefined;
  await runChange(
    run.store,
    (live) => {
      const current = live.authors?.[slug];
      accepted = change.kind === 'new' ? current === undefined : current !== undefined;
      if (!accepted) return null;
      const foto = photo.kind === 'set' ? added : photo.kind === 'keep' ? current?.foto : undefined;
      const author: StoredAuthor = { ...text, ...(foto ? { foto } : {}) };
      const photos = photo.kind === 'set' && added ? [{ key: imageKey(added), value: photo.bytes }] : [];
      return planPublish([], live, contentHash, { registry: { authors: { [slug]: author }, photos } });
    },
    run.options,
  );
  if (accepted) forgetLiveIndex();
  return accepted;
}
