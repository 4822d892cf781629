import { parseRegistry } from '../../src/content/authors.ts';
import { BODY_FOLDER, IMAGE_FOLDER } from '../../src/content/format.ts';
import { type ContentHash, INDEX_META_KEY, type IndexMeta, parseIndexMeta, type StoredAuthor } from '../../src/content/news-index.ts';
import type { NewsItem } from '../../src/content/news-item.ts';
import type { KvStore } from './kv-store.ts';
import { itemsOfListChunks } from './list-chunks.ts';
import { acquireLock, isOwnLock, LOCK_KEY, type LockOwner, type LockTiming, releaseLock } from './lock.ts';
import { duePending, isDeletable, PENDING_DELETES_KEY, type Pending, parsePending, schedule, serializePending } from './pending-deletes.ts';
import { describePlan, type Live, type Plan, planLanded, referencedKeys } from './plan.ts';

/**
 * A publish, unpublish or gc run over a KV store, in an order that keeps the
 * site whole whenever it stops:
 *
 * 1. take the lock (lock.ts), read the live index;
 * 2. write the waiting-deletes list with every key this run writes or stops
 *    using, the article files and the new index chunks: new keys, unseen;
 * 3. check the lock is still ours and the index unchanged since step 1 (else
 *    merge again from the fresh list), then write index/meta.json: the switch;
 * 4. read it back after a pause and check the run's articles are listed (or
 *    gone), else merge again; then delete the waiting keys whose time is up.
 *
 * Stopped before step 3's write, the site is as before (what was written is
 * unseen and waits in the list, or `content:gc` finds it); after it, as after.
 * Running the command again finishes the job.
 */

/** How many times a run merges again after another run changed the index under it. */
const MAX_ATTEMPTS = 5;

export interface RunOptions extends LockTiming {
  hash: ContentHash;
  owner: LockOwner;
  /** The bundled list, its files and its author registry: what is live while KV has no index. */
  bundled(): Promise<{ list: NewsItem[]; files: ReadonlyMap<string, string | Buffer>; authors?: Record<string, StoredAuthor> }>;
  /** The site's origin, for the article addresses the log shows (paths alone without it). */
  site?: string;
}

/**
 * The live index: the list from KV's list chunks, or the bundled list when KV
 * has no meta. `known` is reused when the meta has not changed since it was
 * read. Refuses (nothing written) when the live index is unreadable: merging
 * with a part of it would drop articles.
 */
export async function readLive(
  store: KvStore,
  options: Pick<RunOptions, 'hash' | 'bundled'>,
  { known, existing = false, alsoRead = [] }: { known?: Live; existing?: boolean; alsoRead?: readonly string[] } = {},
): Promise<Live & { also: Map<string, string | null> }> {
  // Other keys the caller needs are read in the same call: each call is a wrangler process.
  const also = await store.get([INDEX_META_KEY, ...alsoRead]);
  const metaText = also.get(INDEX_META_KEY) ?? null;
  const withExisting = async (live: Live) => ({ ...live, also, ...(existing ? { existing: new Set(await store.list('index/')) } : {}) });
  if (known && known.metaText === metaText) return withExisting(known);
  if (metaText === null) {
    const { list, files, authors } = await options.bundled();
    return withExisting({ items: list, metaText, bundleFiles: files, authors: authors ?? {} });
  }
  const refuse = (why: string) =>
    new Error(`the live ${why}: restore it (or delete ${INDEX_META_KEY} to start again from the bundled list). Nothing was written.`);
  let meta: IndexMeta;
  try {
    meta = parseIndexMeta(metaText);
  } catch (error) {
    throw refuse(`${INDEX_META_KEY} is not valid (${(error as Error).message})`);
  }
  const { listKeys, authorsKey } = meta;
  const collectionKeys = [...meta.collections.values()];
  const values = await store.get([...listKeys, ...collectionKeys, ...(authorsKey === null ? [] : [authorsKey])]);
  // A collection file that is missing names nothing a reader can reach: no page chunk of it to keep.
  const collectionTexts = new Map(
    collectionKeys.flatMap((key) => (values.has(key) && values.get(key) !== null ? [[key, values.get(key)!]] : [])),
  );
  let authors: Record<string, StoredAuthor> = {};
  if (authorsKey !== null) {
    const text = values.get(authorsKey) ?? null;
    if (text === null) throw refuse(`${authorsKey} is missing`);
    try {
      authors = Object.fromEntries([...parseRegistry(text)].map(([slug, { slug: _, ...author }]) => [slug, author]));
    } catch (error) {
      throw refuse(`author registry ${authorsKey} is not valid (${(error as Error).message})`);
    }
  }
  const items = itemsOfListChunks(listKeys, values, options.hash, refuse);
  return withExisting({ items, metaText, authors, collectionTexts });
}

export interface RunResult {
  /** The plan that was switched to; null when there was nothing to do. */
  plan: Plan | null;
  /** Keys deleted at the end (their time was up). */
  deleted: string[];
}

/** Deletes the waiting keys whose time is up and the current index does not name; stores the rest. */
async function deleteDue(store: KvStore, live: Live, pending: Pending, now: number): Promise<{ due: string[]; keep: Pending }> {
  const { due, keep } = duePending(pending, referencedKeys(live), now);
  // Deleted first, listed after: stopped in between, the list names deleted keys, which is harmless.
  if (due.length > 0) await store.delete(due);
  await store.put([{ key: PENDING_DELETES_KEY, value: serializePending(keep) }]);
  return { due, keep };
}

/**
 * Runs a change (publish or unpublish) under the lock: `change` plans it from
 * the live index, and again from the fresh one whenever the index changed
 * under the run. Null from `change`: nothing to do.
 */
export async function runChange(
  store: KvStore,
  change: (live: Live) => Plan | null,
  options: RunOptions,
  known?: Live,
): Promise<RunResult> {
  const { owner, log } = options;
  await acquireLock(store, owner, options);
  let owned = true;
  try {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      if (!owned) {
        await acquireLock(store, owner, options);
        owned = true;
      }
      const live = await readLive(store, options, { known, existing: true, alsoRead: [PENDING_DELETES_KEY] });
      const plan = change(live);
      if (!plan) return { plan: null, deleted: [] };
      if (attempt === 1) for (const line of describePlan(plan, options.site)) log(`  ${line}`);
      const waiting = parsePending(live.also.get(PENDING_DELETES_KEY) ?? null, log);
      const pending = schedule(waiting, [...plan.fresh, ...plan.stale], options.now());
      await store.put([{ key: PENDING_DELETES_KEY, value: serializePending(pending) }, ...plan.writes]);
      log(`  done: 1-2. wrote ${plan.writes.length} key(s), none shown yet`);

      const current = await store.get([LOCK_KEY, INDEX_META_KEY]);
      if (!isOwnLock(current.get(LOCK_KEY) ?? null, owner)) {
        log('  another run took the lock before the switch: waiting for it, then merging again');
        owned = false;
        known = undefined;
        continue;
      }
      if ((current.get(INDEX_META_KEY) ?? null) !== live.metaText) {
        log('  the index changed since it was read: merging again with the fresh list');
        known = undefined;
        continue;
      }
      await store.put([{ key: INDEX_META_KEY, value: plan.metaText }]);
      log(`  done: 3. switched ${INDEX_META_KEY}`);

      // Read back after a pause: a run that ignored the lock and switched meanwhile would show here.
      await options.sleep(options.settleMs);
      const after = await readLive(store, options, {
        known: { items: plan.next, metaText: plan.metaText, authors: plan.authors, collectionTexts: plan.collectionTexts },
        alsoRead: [LOCK_KEY],
      });
      if (!planLanded(plan, after.items)) {
        log('  another run replaced the index right after the switch: merging again');
        known = after;
        continue;
      }
      const { due, keep } = await deleteDue(store, after, pending, options.now());
      log(`  done: 4. deleted ${due.length} key(s) unused for long enough; ${keep.size} wait (npm run content:gc deletes them later)`);
      // Still ours a moment ago (read with the index): released without another read.
      if (isOwnLock(after.also.get(LOCK_KEY) ?? null, owner)) await store.delete([LOCK_KEY]);
      owned = false;
      return { plan, deleted: due };
    }
    throw new Error(`the index kept changing under this run (${MAX_ATTEMPTS} tries): run the command again`);
  } finally {
    if (owned) await releaseLock(store, owner).catch(() => log(`  could not release ${LOCK_KEY}: it expires by itself`));
  }
}

export interface GcResult {
  /** Keys nothing names that were not waiting yet: they wait from now on. */
  found: string[];
  /** Keys deleted (or, with dryRun, that would be). */
  deleted: string[];
  /** Keys still waiting, with the time each stopped being used. */
  waiting: Pending;
}

/** The key prefixes content lives under: what gc looks through for leftovers. */
const CONTENT_PREFIXES = ['index/', BODY_FOLDER, IMAGE_FOLDER];

/**
 * `content:gc`: adds every key under index/, noticias/ and thumbnails/ that
 * the live index does not name (leftovers of a run that stopped) to the
 * waiting list, then deletes the waiting keys whose time is up. A leftover is
 * never deleted at once: it may be a key a run in another place is about to
 * switch to, or one an isolate still reads.
 */
export async function runGc(store: KvStore, options: RunOptions, dryRun: boolean): Promise<GcResult> {
  if (!dryRun) await acquireLock(store, options.owner, options);
  try {
    const live = await readLive(store, options, { alsoRead: [PENDING_DELETES_KEY] });
    const referenced = referencedKeys(live);
    const pending = parsePending(live.also.get(PENDING_DELETES_KEY) ?? null, options.log);
    const stored = (await Promise.all(CONTENT_PREFIXES.map((prefix) => store.list(prefix)))).flat();
    const found = stored.filter((key) => isDeletable(key) && !referenced.has(key) && !pending.has(key));
    const now = options.now();
    const withFound = schedule(pending, found, now);
    if (dryRun) {
      const { due, keep } = duePending(withFound, referenced, now);
      return { found, deleted: due, waiting: keep };
    }
    // Read under the lock, the index is the one no run is changing: what it names is never deleted.
    const { due, keep } = await deleteDue(store, live, withFound, now);
    return { found, deleted: due, waiting: keep };
  } finally {
    if (!dryRun) await releaseLock(store, options.owner).catch(() => options.log(`could not release ${LOCK_KEY}: it expires by itself`));
  }
}
