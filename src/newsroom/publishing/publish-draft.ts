import { contentHash } from '#src/content/index/content-hash.ts';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { currentTime } from '#src/lib/clock.ts';
import { afterSwitch, isRefused, searchAfterSwitch, unlessRefused } from '#src/publishing/error-policy.ts';
import { type Change, publishChange } from '#src/publishing/plan/plan.ts';
import { isScheduled, scheduledFor } from '#src/publishing/plan/scheduled.ts';
import { runChange } from '#src/publishing/run/run.ts';
import type { Target } from '#src/publishing/stores/kv-store.ts';
import { type PublishingBindings, workerRun } from '#src/publishing/worker-run.ts';
import { type Draft, DraftsStore } from '../drafts/drafts-store';
import type { DraftProblem } from '../preview/draft-article';
import { type Action, ActionsStore } from './actions-store';
import { preparedDraft } from './prepared-draft';

/** What publishing a draft needs of the worker: the engine's bindings and the uploaded images. */
export interface PublishBindings extends PublishingBindings {
  MEDIA: R2Bucket;
}

/**
 * A publish done (the article's address and title, when it shows if scheduled, whether the site's search
 * is still to follow), or why nothing changed.
 */
export type PublishOutcome =
  | { done: true; slug: string; title: string; scheduled: string | null; searchPending: boolean }
  | { done: false; status: 409 | 422; heading: string; message: string; problems?: DraftProblem[] };

/** Thrown inside the lock when the address is another live article's: nothing is written. */
class SlugTaken extends Error {}

/** "28/11/2026 09:00" → "28/11/2026 às 09:00", as the newsroom's pages say a scheduled time. */
export const scheduledText = (data: string) => scheduledFor(data).replace(' ', ' às ');

/** What the history says each action did. */
const detailOf = (action: Action, data: string, note: unknown, now: number) => {
  if (action === 'agendar') return `agendado para ${scheduledText(data)}`;
  if (action === 'corrigir') return `correção: ${String(note ?? '')}`;
  return isScheduled(data, now) ? `publicado, aparece em ${scheduledText(data)}` : 'publicado no site';
};

/**
 * Publishes a saved draft with the publishing engine inside the request (as
 * the unpublish in publishing/live-routes.tsx runs it: the lock, the switch, the waiting
 * deletes, then the search), records the action and links the draft to its
 * article; once the article is live, a failure of those last steps is logged
 * and named in the outcome, never a refusal (error-policy.ts). Refused, with nothing written: a draft with errors (listed in the
 * form's terms), an address that another live article or draft has (only a
 * draft's own article is ever replaced), a busy lock or a damaged index.
 */
export async function publishDraft(
  env: PublishBindings,
  who: string,
  draft: Draft,
  action: Action,
  target: Target,
): Promise<PublishOutcome> {
  const now = currentTime();
  const prepared = await preparedDraft(draft, env.MEDIA, now);
  if (!prepared.ok) {
    return {
      done: false,
      status: 422,
      heading: 'Rascunho não publicado',
      message: 'O rascunho tem erros: corrija-os no formulário, salve e publique de novo. Nada foi alterado no site.',
      problems: prepared.problems,
    };
  }
  const { item } = prepared.article;
  const { slug, titulo } = item;
  const drafts = new DraftsStore(env.DB);
  // Only the draft's own article is ever replaced: an address it does not hold yet must be free.
  const own = draft.slug === slug;
  const other = own ? null : await drafts.slugHolder(slug, draft.id);
  if (other !== null) return taken(slug, `o de outro rascunho, "${String(other.fields.titulo ?? slug)}"`);
  const change = publishChange([prepared.article], contentHash, { replace: own, now });
  const guarded: Change = (live) => {
    const existing = own ? undefined : live.items.find((entry) => entry.slug === slug);
    if (existing) throw new SlugTaken(String(existing.titulo));
    return change(live);
  };
  guarded.verify = change.verify;
  const run = workerRun(env, who, `${action} ${slug}`, target);
  const ran = await unlessRefused({ action, slug }, async () => {
    try {
      await runChange(run.store, guarded, run.options);
      return { takenBy: null };
    } catch (error) {
      if (!(error instanceof SlugTaken)) throw error;
      return { takenBy: error.message };
    }
  });
  if (isRefused(ran)) return { done: false, status: 409, heading: 'Nada foi alterado', message: ran.refused };
  if (ran.takenBy !== null) return taken(slug, `o do artigo no ar "${ran.takenBy}"`);
  // The article is live from here: what follows is repaired by the next run if it fails (error-policy.ts).
  // This isolate shows the change at once; the others within the index's lifetime.
  forgetLiveIndex();
  const search = await searchAfterSwitch(run, [slug]);
  await new ActionsStore(env.DB).record({
    at: now,
    email: who,
    action,
    slug,
    title: titulo,
    detail: detailOf(action, item.data, item.correcao, now),
  });
  await afterSwitch('draft_mark', { slug, draft: draft.id }, () => drafts.markPublished(draft.id, draft.version, slug));
  return {
    done: true,
    slug,
    title: titulo,
    scheduled: isScheduled(item.data, now) ? scheduledText(item.data) : null,
    searchPending: search === null,
  };
}

/** The refusal of an address already `whose` ("o do artigo no ar …"). */
const taken = (slug: string, whose: string): PublishOutcome => ({
  done: false,
  status: 409,
  heading: 'Endereço já usado',
  message: `O endereço /noticia/${slug}, feito do título deste rascunho, já é ${whose}. Mude o título do rascunho (o endereço sai dele), salve e publique de novo. Nada foi alterado no site.`,
});
