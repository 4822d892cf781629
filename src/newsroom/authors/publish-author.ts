import { contentHash } from '#src/content/index/content-hash.ts';
import type { StoredAuthor } from '#src/content/index/index-build.ts';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { imageKey } from '#src/content/schema/format.ts';
import { currentTime } from '#src/lib/clock.ts';
import { type Refused, unlessRefused } from '#src/publishing/error-policy.ts';
import { planPublish } from '#src/publishing/plan/plan.ts';
import { runChange } from '#src/publishing/run/run.ts';
import type { PublishingBindings, WorkerRun } from '#src/publishing/worker-run.ts';
import { ActionsStore } from '../publishing/actions-store';

/** What the newsroom's author form edits: the byline's name, the role under it, the biography. */
export type AuthorText = Pick<StoredAuthor, 'nome' | 'cargo' | 'bio'>;

export type AuthorChange = { kind: 'new' } | { kind: 'edit' };

/** The photo: the one the registry holds, none (initials stand in), or a prepared one (a checked 192×192 WebP). */
export type PhotoChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'set'; bytes: Uint8Array };

/** A published photo's name, as the editors' command names it: the author's slug and the file's hash. */
const photoFile = (slug: string, bytes: Uint8Array) => `autor-${slug}-${contentHash(bytes)}.webp`;

/** What the history says a publish of an author did with the photo. */
const PHOTO_DETAIL: Record<PhotoChange['kind'], string> = {
  keep: 'nome, cargo e biografia publicados',
  set: 'nome, cargo, biografia e foto nova publicados',
  remove: 'nome, cargo e biografia publicados; foto tirada (o site mostra as iniciais)',
};

/**
 * Publishes one author to the live registry with the publishing engine inside
 * the request (the lock, content-addressed keys, the switch), as an article's
 * publish does: the byline, the author's page and every article they sign
 * show it at the next read; the history records who did it. A new photo is
 * written with the registry, under its own hash; the one it replaces stays
 * in KV, as the command leaves it. `new` refuses a slug the registry already
 * has, and `edit` one it lacks, so two editors who add the same name at once
 * make one author, and an edit never brings back a removed one: false then.
 * The engine's own refusals come back as `Refused`, nothing changed.
 */
export function publishAuthor(
  env: PublishingBindings,
  run: WorkerRun,
  who: string,
  slug: string,
  text: AuthorText,
  change: AuthorChange,
  photo: PhotoChange = { kind: 'keep' },
): Promise<boolean | Refused> {
  return unlessRefused({ author: slug }, async () => {
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
    if (!accepted) return false;
    forgetLiveIndex();
    await new ActionsStore(env.DB).record({
      at: currentTime(),
      email: who,
      action: change.kind === 'new' ? 'adicionar-autor' : 'alterar-autor',
      slug: `autor/${slug}`,
      title: text.nome,
      detail: PHOTO_DETAIL[photo.kind],
    });
    return true;
  });
}
