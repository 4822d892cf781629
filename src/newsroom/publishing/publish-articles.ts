import { contentHash } from '#src/content/index/content-hash.ts';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { currentTime } from '#src/lib/clock.ts';
import { afterSwitch, type Refused, searchAfterSwitch, unlessRefused } from '#src/publishing/error-policy.ts';
import { type Plan, planPublish } from '#src/publishing/plan/plan.ts';
import type { LocalRegistry, PreparedArticle } from '#src/publishing/plan/prepared-article.ts';
import { refusal } from '#src/publishing/plan/replace-refusal.ts';
import { readLive } from '#src/publishing/run/read-live.ts';
import { runPublish } from '#src/publishing/run/run.ts';
import type { SyncResult } from '#src/publishing/search-sync.ts';
import type { PublishingBindings, WorkerRun } from '#src/publishing/worker-run.ts';
import type { ImportedArticles } from '../api/wire';
import { ImportedPosts } from '../importing/imported-posts';
import { ActionsStore } from './actions-store';

/** What the command line asks of a publish: its articles, its authors, whether it may replace a live article under another title. */
export interface ArticlesRequest {
  articles: readonly PreparedArticle[];
  registry: LocalRegistry;
  replace: boolean;
  /** The WordPress import's posts these articles come from, recorded once they are live (src/newsroom/importing/). */
  imported?: ImportedArticles;
}

/** A publish done: the plan switched to (null: nothing to do), whether an interrupted one was finished, the search's part. */
export interface ArticlesPublished {
  plan: Plan | null;
  rolledForward: boolean;
  /** The plan as made before the lock: what it shows when nothing was to be done. */
  first: Plan;
  /** Null when the search could not follow: the next run takes it (error-policy.ts). */
  search: SyncResult | null;
}

/**
 * Publishes articles prepared elsewhere (the command line's folders, an
 * import) with the engine inside the request: the lock, the switch, the
 * waiting deletes; then, the change being live, the search, this isolate's
 * copy of the index and the history (each article new or changed, `detail`
 * saying how it came). The engine's refusals come back as `Refused`, nothing
 * written.
 */
export function publishArticles(
  env: PublishingBindings,
  run: WorkerRun,
  who: string,
  { articles, registry, replace, imported }: ArticlesRequest,
  detail: string,
): Promise<ArticlesPublished | Refused> {
  const slugs = articles.map(({ item }) => item.slug);
  return unlessRefused({ action: 'publicar', slugs: slugs.slice(0, 10) }, async () => {
    const { plan, rolledForward, first } = await runPublish(run.store, articles, run.options, { replace, registry });
    // This isolate shows the change at once; the others within the index's lifetime.
    forgetLiveIndex();
    const search = await searchAfterSwitch(run, slugs);
    if (plan) await recordPublish(env.DB, who, plan, detail);
    // Live, unchanged or not: the next import run finds them done. Missing, the next run publishes them again and the engine finds nothing to do.
    if (imported) {
      const posts = imported.posts.map((post, at) => ({ ...post, slug: articles[at]!.item.slug }));
      await afterSwitch('imported_posts', { origin: imported.origin }, () =>
        new ImportedPosts(env.DB).recordPublished(imported.origin, posts, currentTime()),
      );
    }
    return { plan, rolledForward, first, search };
  });
}

/** Each article a run published or corrected, in the newsroom's history. */
async function recordPublish(db: D1Database, who: string, plan: Plan, detail: string) {
  const actions = new ActionsStore(db);
  const at = currentTime();
  for (const article of plan.articles) {
    if (article.change !== 'new' && article.change !== 'updated') continue;
    await actions.record({
      at,
      email: who,
      action: article.change === 'new' ? 'publicar' : 'corrigir',
      slug: article.slug,
      title: article.titulo,
      detail: article.scheduled ? `agendado para ${article.scheduled}, ${detail}` : detail,
    });
  }
}

/**
 * What a publish would do, written nowhere (a dry run): planned as with
 * `replace`, to show what it would replace, with the refusal the run would
 * make without it.
 */
export function planArticles(
  run: WorkerRun,
  { articles, registry, replace }: ArticlesRequest,
): Promise<{ plan: Plan; stop: string | null } | Refused> {
  return unlessRefused({ action: 'planejar' }, async () => {
    const plan = planPublish(articles, await readLive(run.store, run.options), contentHash, { replace: true, registry });
    return { plan, stop: replace ? null : refusal(plan.articles) };
  });
}
