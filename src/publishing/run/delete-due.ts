import { type Live, referencedKeys } from '../plan/live';
import type { KvStore } from '../stores/kv-store';
import { DELETE_AFTER_MS, duePending, PENDING_DELETES_KEY, type Pending, serializePending } from '../stores/pending-deletes';
import { recentlyServed } from '../stores/served-indexes';
import { readIndex } from './read-live';
import type { RunOptions } from './run-options';

/**
 * Every key named by an index KV served less than DELETE_AFTER_MS ago
 * (served-indexes.ts), besides `live`'s: someone may still read them. Null
 * when one of those indexes cannot be read whole: then nothing is deleted.
 */
async function recentlyServedKeys(store: KvStore, live: Live, options: RunOptions): Promise<Set<string> | null> {
  const keys = new Set<string>();
  for (const metaText of await recentlyServed(options.db, DELETE_AFTER_MS)) {
    if (metaText === live.metaText) continue;
    try {
      for (const key of referencedKeys(await readIndex(store, metaText, options))) keys.add(key);
    } catch (error) {
      options.log(
        `  um índice servido há menos de ${DELETE_AFTER_MS / 60_000} minutos não pôde ser lido (${(error as Error).message}): nada é apagado desta vez`,
      );
      return null;
    }
  }
  return keys;
}

/**
 * Deletes the waiting keys whose time is up, which neither the current index
 * nor one served in the last DELETE_AFTER_MS names; stores the rest (and the
 * marker, when missing).
 */
export async function deleteDue(
  store: KvStore,
  live: Live,
  pending: Pending,
  options: RunOptions,
  extra: { key: string; value: string }[] = [],
): Promise<{ due: string[]; keep: Pending }> {
  const first = duePending(pending, referencedKeys(live), options.now());
  const { keep } = first;
  let due = first.due;
  if (due.length > 0) {
    const served = await recentlyServedKeys(store, live, options);
    for (const key of due) if (served === null || served.has(key)) keep.set(key, pending.get(key)!);
    due = due.filter((key) => !keep.has(key));
  }
  // Deleted first, listed after: stopped in between, the list names deleted keys, which is harmless.
  if (due.length > 0) await store.delete(due);
  await store.put([{ key: PENDING_DELETES_KEY, value: serializePending(keep) }, ...extra]);
  return { due, keep };
}
