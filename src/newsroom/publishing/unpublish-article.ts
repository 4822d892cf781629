import { contentHash } from '#src/content/index/content-hash.ts';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { currentTime } from '#src/lib/clock.ts';
import { afterSwitch, type Refused, searchAfterSwitch, unlessRefused } from '#src/publishing/error-policy.ts';
import { type Plan, planUnpublish } from '#src/publishing/plan/plan.ts';
import { readLive } from '#src/publishing/run/read-live.ts';
import { runChange } from '#src/publishing/run/run.ts';
import type { SyncResult } from '#src/publishing/search-sync.ts';
import type { PublishingBindings, WorkerRun } from '#src/publishing/worker-run.ts';
import { DraftsStore } from '../drafts/drafts-store';
import { ActionsStore } from './actions-store';

/**
 * Takes an article down with the publishing engine inside the request (the
 * lock, the switch, the waiting deletes), the one way the newsroom's "No ar"
 * page and its command-line API both do it; then the search forgets it, this
 * isolate forgets its copy of the index (the others within the index's
 * lifetime), the draft linked to it has no live version any more, and the
 * history records who did it. The engine's refusals come back as `Refused`,
 * nothing changed. `removed` is false
 * when the article was not live: the search entry an interrupted run may
 * have left goes all the same. A search that fails after the switch is
 * logged and reported (`search: null`): the article is down all the same.
 */
export const unpublishArticle = (
  env: PublishingBindings,
  run: WorkerRun,
  slug: string,
  who: { email: string; detail: string },
): Promise<{ removed: boolean; title: string; search: SyncResult | null } | Refused> =>
  unlessRefused({ action: 'despublicar', slug }, () => unpublish(env, run, slug, who));

/** What an unpublish would do, written nowhere (a dry run); null when the article is not live. */
export const planUnpublishOf = (run: WorkerRun, slug: string): Promise<Plan | null | Refused> =>
  unlessRefused({ action: 'planejar', slug }, async () => planUnpublish(slug, await readLive(run.store, run.options), contentHash));

async function unpublish(
  env: PublishingBindings,
  run: WorkerRun,
  slug: string,
  who: { email: string; detail: string },
): Promise<{ removed: boolean; title: string; search: SyncResult | null }> {
  let title = slug;
  const { plan } = await runChange(
    run.store,
    (live) => {
      title = String(live.items.find((item) => item.slug === slug)?.titulo ?? slug);
      return planUnpublish(slug, live, contentHash);
    },
    run.options,
  );
  const removed = plan?.removed.includes(slug) ?? false;
  if (removed) {
    forgetLiveIndex();
    await afterSwitch('draft_mark', { slug }, () => new DraftsStore(env.DB).markUnpublished(slug));
    await new ActionsStore(env.DB).record({
      at: currentTime(),
      email: who.email,
      action: 'despublicar',
      slug,
      title,
      detail: who.detail,
    });
  }
  return { removed, title, search: await searchAfterSwitch(run, [slug]) };
}
