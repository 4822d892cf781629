import { log } from '../lib/log';
import { type SyncResult, syncAfterSwitch } from './search-sync';
import type { WorkerRun } from './worker-run';

/**
 * The error policy of everything a run does once its switch is done. From
 * the switch on, the change is live: readers see the article (or no longer
 * do). A step that fails after it (the search update, the history, the
 * draft's "publicado" mark) must not turn into an error page or a refused
 * command that says nothing changed: it is logged, the caller is told which
 * step is missing, and the next run (or `content:reindex` for the search)
 * repairs it.
 */

/** What the newsroom tells an editor whose change is live while the site's search is still to follow. */
export const SEARCH_FOLLOWS_TEXT = 'A busca do site será atualizada em seguida.';

/** Runs one step after a switch: its result, or null when it failed (logged with `context`). */
export async function afterSwitch<T>(step: string, context: Record<string, unknown>, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    log('error', 'after_switch_step_failed', { step, ...context, reason: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/**
 * The search brought in line with the articles a run changed (and those an
 * earlier run left pending); null when it failed: the slugs wait for the
 * next run.
 */
export const searchAfterSwitch = (run: WorkerRun, slugs: readonly string[]): Promise<SyncResult | null> =>
  afterSwitch('search', { slugs: slugs.slice(0, 10) }, () =>
    syncAfterSwitch(run.search, run.store, { slugs, bundled: run.options.bundled }),
  );
