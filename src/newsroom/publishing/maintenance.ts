import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { type Refused, unlessRefused } from '#src/publishing/error-policy.ts';
import { type GcResult, runGc } from '#src/publishing/run/gc.ts';
import { type RestoreResult, runRestore } from '#src/publishing/run/restore.ts';
import { runChange } from '#src/publishing/run/run.ts';
import { type SyncResult, syncLive } from '#src/publishing/search-sync.ts';
import type { WorkerRun } from '#src/publishing/worker-run.ts';

/**
 * The engine's upkeep, as `content:gc`, `content:restore` and
 * `content:reindex` ask the newsroom's API for it; each refusal of the
 * engine comes back as `Refused`, nothing written.
 */

/**
 * Deletes what no article uses any more, once its time is up (a dry run
 * lists it). First, what the site serves is brought in line with what was
 * published, so nothing a stopped run made live is taken for unused.
 */
export function collectGarbage(run: WorkerRun, dryRun: boolean): Promise<GcResult | Refused> {
  return unlessRefused({ action: 'limpar' }, async () => {
    if (!dryRun) await runChange(run.store, () => null, run.options);
    return runGc(run.store, run.options, dryRun);
  });
}

/**
 * Writes the index the publish state records back to KV, then rebuilds the
 * index's chunks KV lacks or holds altered from the articles they list.
 */
export function restoreIndex(run: WorkerRun): Promise<RestoreResult | Refused> {
  return unlessRefused({ action: 'restaurar' }, async () => {
    const result = await runRestore(run.store, run.options);
    await runChange(run.store, () => null, run.options);
    forgetLiveIndex();
    return result;
  });
}

/** The search brought in line with the whole live list: every article missing or out of date written, every one gone removed. */
export const reindexSearch = (run: WorkerRun): Promise<SyncResult> => syncLive(run.search, run.store, { bundled: run.options.bundled });
