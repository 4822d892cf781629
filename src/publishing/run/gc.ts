import { BODY_FOLDER, IMAGE_FOLDER } from '#src/content/schema/format.ts';
import { referencedKeys } from '../plan/live';
import type { KvStore } from '../stores/kv-store';
import { type HeldLock, LOCK_TTL_MS, withLock } from '../stores/lock';
import { duePending, isDeletable, PENDING_DELETES_KEY, type Pending, parsePending, schedule } from '../stores/pending-deletes';
import { type PublishState, renewLock } from '../stores/publish-state';
import { deleteDue } from './delete-due';
import { catchUp, observeKv, rollForward } from './kv-catch-up';
import { readLive } from './read-live';
import { LAPSED } from './run';
import type { RunOptions } from './run-options';

/** The key prefixes content lives under: what gc and restore look through. */
export const CONTENT_PREFIXES = ['index/', BODY_FOLDER, IMAGE_FOLDER];

export interface GcResult {
  /** Keys nothing names that were not waiting yet: they wait from now on. */
  found: string[];
  /** Keys deleted (or, with dryRun, that would be). */
  deleted: string[];
  /** Keys still waiting, with the time each stopped being used. */
  waiting: Pending;
}

/**
 * `content:gc`: adds every key under index/, noticias/ and thumbnails/ that
 * the live index does not name (leftovers of a run that stopped) to the
 * waiting list, then deletes the waiting keys whose time is up. A leftover is
 * never deleted at once: it may be a key an isolate still reads. The live
 * index is read as a publish reads it (readLive): with its meta missing or
 * unreadable, gc stops before deleting anything.
 */
export async function runGc(store: KvStore, options: RunOptions, dryRun: boolean): Promise<GcResult> {
  const { db, owner, log } = options;
  let catchUpNeeded = false;
  const work = async (state?: PublishState, lock?: HeldLock): Promise<GcResult> => {
    const live = await readLive(store, options, { state, alsoRead: [PENDING_DELETES_KEY] });
    if (lock?.lapsed()) throw new Error(`${LAPSED}: nada foi apagado; rode o comando de novo`);
    if (lock) await observeKv(options, live);
    const rolled = lock !== undefined && live.kvBehind;
    if (rolled) await rollForward(store, live, options);
    if (lock && live.state.version > 0) lock.confirm(live.state.version);
    const referenced = referencedKeys(live);
    const pending = parsePending(live.also.get(PENDING_DELETES_KEY) ?? null, log);
    const stored = (await Promise.all(CONTENT_PREFIXES.map((prefix) => store.list(prefix)))).flat();
    const found = stored.filter((key) => isDeletable(key) && !referenced.has(key) && !pending.has(key));
    const now = options.now();
    const withFound = schedule(pending, found, now);
    if (!lock) {
      const { due, keep } = duePending(withFound, referenced, now);
      return { found, deleted: due, waiting: keep };
    }
    // Right before deleting: the lock is still this run's and the index the one it read, so no run can name these keys again meanwhile.
    if (!(await renewLock(db, owner, live.state.version, LOCK_TTL_MS))) {
      throw new Error(
        'a trava de publicação se perdeu antes de apagar (esta publicação demorou mais do que ela dura): nada foi apagado; rode o comando de novo',
      );
    }
    const { due, keep } = await deleteDue(store, live, withFound, options);
    if (rolled && !(await lock.release())) catchUpNeeded = true;
    return { found, deleted: due, waiting: keep };
  };
  const result = await (dryRun ? work() : withLock(db, owner, options, work));
  if (catchUpNeeded) await catchUp(store, options);
  return result;
}
