import { INDEX_META_KEY, PUBLISHED_MARKER_KEY } from '#src/content/index/news-index.ts';
import { describePlan } from '../plan/describe-plan';
import type { Live } from '../plan/live';
import { type Change, type Plan, type PublishOptions, planPublish, planRepair, publishChange } from '../plan/plan';
import type { PreparedArticle } from '../plan/prepared-article';
import type { KvStore } from '../stores/kv-store';
import { acquireLock, LOCK_TTL_MS, withLock } from '../stores/lock';
import { PENDING_DELETES_KEY, parsePending, schedule, serializePending } from '../stores/pending-deletes';
import { expired, type LockOwner, type PublishState, switchVersion } from '../stores/publish-state';
import { observeServed } from '../stores/served-indexes';
import { damagedKeys } from './damaged-keys';
import { deleteDue } from './delete-due';
import { catchUp, marker, observeKv, rollForward } from './kv-catch-up';
import { type Current, readLive } from './read-live';
import { MAX_ATTEMPTS, type RunOptions } from './run-options';

/**
 * A publish, unpublish, gc or restore run over the news store (KV) and the
 * publish state (D1, publish-state.ts), in an order that keeps the site whole
 * whenever it stops and never loses another run's article:
 *
 * 1. take the lock (a compare-and-set in D1) and read the state: the version
 *    of the live index and its meta's text; read the live list that meta
 *    names from KV (if KV's own index/meta.json is behind, write D1's there
 *    first: a run stopped between its switch's two writes, or KV had not
 *    caught up yet);
 * 2. write the waiting-deletes list with every key this run writes or stops
 *    using, the article files and the new index chunks: new keys, unseen;
 * 3. the switch: in D1, version read → read + 1 with the new meta, in one
 *    statement that succeeds only while the run holds an unexpired lock and
 *    the version is still the one it read (else it merges again from the
 *    fresh state); then index/meta.json in KV, what readers see;
 * 4. delete the waiting keys whose time is up; release the lock.
 *
 * Stopped before the D1 switch, the site is as before (what was written is
 * unseen and waits in the list, or `content:gc` finds it); after the KV
 * write, as after; in between, as before until the next run (or
 * `content:restore`) writes D1's meta to KV, which then shows it as after.
 * Running the command again finishes the job.
 */

export interface RunResult {
  /** The plan that was switched to; null when there was nothing to do. */
  plan: Plan | null;
  /** Keys deleted at the end (their time was up). */
  deleted: string[];
  /** KV served an older index than the one D1 records (a run stopped between its two writes): the run wrote D1's. */
  rolledForward: boolean;
}

/** Why a switch did not happen, from the state read with it. */
function whyNotSwitched(state: PublishState, owner: LockOwner, read: number): string {
  if (state.lock?.id !== owner.id)
    return 'outra publicação pegou a trava (esta demorou mais do que a trava dura): aguardando ela, depois juntando de novo';
  if (expired(state))
    return 'a trava expirou antes da troca (esta publicação demorou mais do que ela dura): pegando de novo, depois juntando de novo';
  return `o índice mudou da versão ${read} para a ${state.version}: juntando de novo com a lista nova`;
}

export const LAPSED = `esta publicação passou de ${LOCK_TTL_MS / 2 / 1000} s desde a última renovação da trava`;

/**
 * Runs a change (publish or unpublish) under the lock: `change` plans it from
 * the live index, and again from the fresh one whenever the switch finds the
 * run no longer holds the lock or the version moved. Null from `change`:
 * nothing to do.
 *
 * Before each write to KV that another run's work could make stale (its
 * index/meta.json, a deletion) the run checks its lease (lock.ts, HeldLock):
 * lapsed, it takes the lock again first. And if, at the end, the lock turns
 * out to have passed to another run after this one wrote a meta, the run
 * takes the lock again and writes D1's latest meta: a write delayed past the
 * lock's lifetime may have replaced a newer one.
 */
export async function runChange(store: KvStore, change: Change, options: RunOptions, known?: Live): Promise<RunResult> {
  const { db, owner, log } = options;
  let catchUpNeeded = false;
  let rolledForward = false;
  const result = await withLock(db, owner, options, async (first, lock): Promise<RunResult> => {
    let wroteMeta = false;
    // Released here, to learn whether the lock was still this run's (see above).
    const finish = async (done: Omit<RunResult, 'rolledForward'>) => {
      if (wroteMeta && !(await lock.release())) catchUpNeeded = true;
      return { ...done, rolledForward };
    };
    let state: PublishState | null = first;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      if (state === null) {
        state = await acquireLock(db, owner, options);
        lock.renewed();
      }
      const live = await readLive(store, options, { state, known, existing: true, alsoRead: [PENDING_DELETES_KEY] });
      if (lock.lapsed()) {
        log(`  ${LAPSED}: pegando a trava de novo, depois lendo de novo`);
        state = null;
        continue;
      }
      // Reconcile first: what KV serves is recorded, then brought in line with D1; what the plan relies on is checked.
      await observeKv(options, live);
      if (live.kvBehind) {
        await rollForward(store, live, options);
        wroteMeta = true;
        rolledForward = true;
      }
      if (live.state.version > 0) lock.confirm(live.state.version);
      const damaged = [...(live.damaged ?? []), ...(await damagedKeys(store, change.verify?.(live) ?? [], options.hash))];
      const checked: Current = { ...live, damaged };
      const plan = change(checked) ?? planRepair(checked, options.hash, options.now());
      if (!plan) return finish({ plan: null, deleted: [] });
      if (attempt === 1) for (const line of describePlan(plan, options.site)) log(`  ${line}`);
      const waiting = parsePending(live.also.get(PENDING_DELETES_KEY) ?? null, log);
      const pending = schedule(waiting, [...plan.fresh, ...plan.stale], options.now());
      if (lock.lapsed()) {
        log(`  ${LAPSED}: pegando a trava de novo, depois lendo de novo`);
        state = null;
        continue;
      }
      await store.put([{ key: PENDING_DELETES_KEY, value: serializePending(pending) }, ...plan.writes]);
      log(`  feito: 1-2. ${plan.writes.length} chave(s) gravada(s), nenhuma aparece ainda`);

      const read = live.state.version;
      const switched = await switchVersion(db, owner, read, plan.metaText, LOCK_TTL_MS);
      if (!switched.switched) {
        log(`  ${whyNotSwitched(switched.state, owner, read)}`);
        // Still this run's and valid: go on from the state read with the answer; else take the lock again first.
        state = switched.state.lock?.id === owner.id && !expired(switched.state) ? switched.state : null;
        if (state) lock.renewed();
        known = undefined;
        continue;
      }
      lock.renewed();
      const version = switched.state.version;
      if (lock.lapsed()) {
        log(
          `  trocado para a versão ${version} no estado de publicação, mas ${LAPSED}: gravando ${INDEX_META_KEY} sob a trava, pega de novo`,
        );
        catchUpNeeded = true;
        return { plan, deleted: [], rolledForward };
      }
      await store.put([{ key: INDEX_META_KEY, value: plan.metaText }]);
      wroteMeta = true;
      // Recorded only while the lease holds: a late write may already be replaced, and the catch-up records what KV holds.
      if (!lock.lapsed()) await observeServed(db, plan.metaText, version, options.hash);
      lock.confirm(version);
      log(`  feito: 3. ${INDEX_META_KEY} trocado (versão ${version})`);

      if (lock.lapsed()) {
        log(
          `  ${LAPSED}: nada é apagado desta vez (uma publicação seguinte apaga), e ${INDEX_META_KEY} é conferido sob a trava, pega de novo`,
        );
        catchUpNeeded = true;
        return { plan, deleted: [], rolledForward };
      }
      // Over the index just switched to, under the lock the switch renewed.
      const after: Live = { items: plan.next, metaText: plan.metaText, authors: plan.authors, collectionTexts: plan.collectionTexts };
      const markerWrite = (live.also.get(PUBLISHED_MARKER_KEY) ?? null) === null ? [marker(switched.state)] : [];
      const { due, keep } = await deleteDue(store, after, pending, options, markerWrite);
      log(
        `  feito: 4. ${due.length} chave(s) sem uso há tempo suficiente apagada(s); ${keep.size} aguardam (npm run content:gc apaga depois)`,
      );
      return finish({ plan, deleted: due });
    }
    throw new Error(`o índice mudou seguidamente durante esta publicação (${MAX_ATTEMPTS} tentativas): rode o comando de novo`);
  });
  if (catchUpNeeded) {
    log(
      `  a trava de publicação passou para outra publicação enquanto esta gravava ${INDEX_META_KEY}: gravando de novo a versão mais recente`,
    );
    await catchUp(store, options);
  }
  return result;
}

/**
 * A publish as the command runs it. Refused before the lock, having written
 * nothing, when it would replace a live article under another title
 * (ReplaceRefused); otherwise always run under the lock, even when the folder
 * looks exactly like the live list: the run first brings what the site
 * serves in line with what was published (a re-run finishes a publish that
 * stopped between its two writes) and writes again what KV lost or holds
 * altered. `first` is the plan made before the lock, from `known` when given.
 */
export async function runPublish(
  store: KvStore,
  articles: readonly PreparedArticle[],
  options: RunOptions,
  publishOptions: PublishOptions = {},
  known?: Live,
): Promise<RunResult & { first: Plan }> {
  const live = known ?? (await readLive(store, options));
  const first = planPublish(articles, live, options.hash, publishOptions);
  const result = await runChange(store, publishChange(articles, options.hash, publishOptions), options, live);
  return { ...result, first };
}
