import { log } from '../lib/log';
import { ReplaceRefused } from './plan/replace-refusal';
import { LiveIndexError } from './run/read-live';
import { RestoreError } from './run/restore';
import { type SyncResult, syncAfterSwitch } from './search-sync';
import { LockBusyError } from './stores/lock';
import type { WorkerRun } from './worker-run';

/**
 * The one error policy of every use case that changes the site (publish,
 * unpublish, correct, schedule, gc, restore, an author's publish), on both
 * sides of the switch:
 *
 * - Before it, the engine may refuse having written nothing: another run
 *   holds the lock, the live index cannot be read, a publish would replace
 *   another article, there is nothing to restore. That is a refusal the
 *   caller words (a 409 page, a JSON answer), never an error page.
 * - From the switch on, the change is live: readers see the article (or no
 *   longer do). A step that fails after it (the search update, the history,
 *   the draft's "publicado" mark) must not turn into an error page or a
 *   refused command that says nothing changed: it is logged, the caller is
 *   told which step is missing, and the next run (or `content:reindex` for
 *   the search) repairs it.
 */

/** The engine changed nothing, and says why (pt-BR, for the editor). */
export interface Refused {
  refused: string;
}

export const isRefused = (value: unknown): value is Refused => typeof value === 'object' && value !== null && 'refused' in value;

const isEngineRefusal = (error: unknown): error is Error =>
  error instanceof LockBusyError || error instanceof LiveIndexError || error instanceof ReplaceRefused || error instanceof RestoreError;

/** Runs a use case's work under the lock: its result, or the engine's refusal (logged with `context`); anything else is thrown. */
export async function unlessRefused<T>(context: Record<string, unknown>, work: () => Promise<T>): Promise<T | Refused> {
  try {
    return await work();
  } catch (error) {
    if (!isEngineRefusal(error)) throw error;
    log('warn', 'publish_refused', { ...context, reason: error.message });
    return { refused: error.message };
  }
}

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
