import { forgetLiveIndex } from '../../content/index/live-index';
import { type Refused, unlessRefused } from '../../publishing/error-policy';
import { type GcResult, runGc } from '../../publishing/run/gc';
import { type RestoreResult, runRestore } from '../../publishing/run/restore';
import { runChange } from '../../publishing/run/run';
import { type SyncResult, syncLive } from '../../publishing/search-sync';
import type { WorkerRun } from '../../publishing/worker-run';

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
