import { parseRegistry } from '../content/authors';
import { BODY_FOLDER, IMAGE_FOLDER } from '../content/format';
import type { StoredAuthor } from '../content/index-build';
import { parseIndexMeta } from '../content/index-parse';
import { CHUNK_KEY_PATTERN, type ContentHash, INDEX_META_KEY, type IndexMeta, PUBLISHED_MARKER_KEY } from '../content/news-index';
import type { NewsItem } from '../content/news-item';
import { brasilia } from '../lib/brasilia-time';
import { hashInKey } from '../lib/content-hash';
import type { KvStore, Target } from './kv-store';
import { itemsOfListChunks, itemsOfShards } from './list-chunks';
import { acquireLock, type HeldLock, LOCK_TTL_MS, type LockTiming, withLock } from './lock';
import {
  DELETE_AFTER_MS,
  duePending,
  isDeletable,
  PENDING_DELETES_KEY,
  type Pending,
  parsePending,
  schedule,
  serializePending,
} from './pending-deletes';
import {
  articleKeys,
  type Change,
  describePlan,
  type Live,
  type Plan,
  type PublishOptions,
  planPublish,
  planRepair,
  publishChange,
  referencedKeys,
} from './plan';
import type { PreparedArticle } from './prepared-article';
import { expired, type LockOwner, type PublishDb, type PublishState, readState, renewLock, switchVersion } from './publish-state';
import { observeServed, recentlyServed } from './served-indexes';

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

/** How many times a run merges again after losing its lock to another run. */
const MAX_ATTEMPTS = 5;

export interface RunOptions extends LockTiming {
  hash: ContentHash;
  owner: LockOwner;
  /** The publish state: the lock, and the version of the live index (publish-state.ts). */
  db: PublishDb;
  /** Where the command writes: named in the repairs it suggests. */
  target: Target;
  /** The bundled list, its files and its author registry: what is live while KV has no index. */
  bundled(): Promise<{ list: NewsItem[]; files: ReadonlyMap<string, string | Uint8Array>; authors?: Record<string, StoredAuthor> }>;
  /**
   * How long KV may take to show a write everywhere (60 s remotely, 0
   * locally): a meta or chunk that should be there but is not is read again
   * after this long before the run calls it lost.
   */
  kvSettleMs: number;
  /** The site's origin, for the article addresses the log shows (paths alone without it). */
  site?: string;
}

/** The command that writes the index D1 records back to KV. */
const restoreCommand = (target: Target) => `npm run content:restore -- --${target}`;

/** Thrown when the live index cannot be read whole: the run stops before writing anything. */
export class LiveIndexError extends Error {}

/**
 * The list a meta text names: the items of its list chunks, its author
 * registry and its collections' files, read from KV; the bundled list when
 * `metaText` is null (KV has no index yet). `known` is reused when it was
 * read from the same meta. Throws `refuse(why)` when the index cannot be read
 * whole: merging with a part of it would drop articles.
 */
export async function readIndex(
  store: Pick<KvStore, 'get'>,
  metaText: string | null,
  options: Pick<RunOptions, 'hash' | 'bundled'>,
  {
    known,
    refuse = (why) => new LiveIndexError(`no ar: ${why}. Nada foi gravado.`),
  }: { known?: Live; refuse?: (why: string) => Error } = {},
): Promise<Live> {
  if (known && known.metaText === metaText) return known;
  if (metaText === null) {
    const { list, files, authors } = await options.bundled();
    return { items: list, metaText, bundleFiles: files, authors: authors ?? {} };
  }
  let meta: IndexMeta;
  try {
    meta = parseIndexMeta(metaText);
  } catch (error) {
    throw refuse(`${INDEX_META_KEY} não é válido (${(error as Error).message})`);
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
    if (text === null) throw refuse(`falta ${authorsKey}`);
    try {
      authors = Object.fromEntries([...parseRegistry(text)].map(([slug, { slug: _, ...author }]) => [slug, author]));
    } catch (error) {
      throw refuse(`o cadastro de autores ${authorsKey} não é válido (${(error as Error).message})`);
    }
  }
  try {
    return { items: itemsOfListChunks(listKeys, values, options.hash, refuse), metaText, authors, collectionTexts };
  } catch (error) {
    // A list chunk lost or damaged: the slug shards hold every entry too, and rebuild it.
    const shardKeys = meta.shardKeys.filter((key) => key !== null);
    const items = itemsOfShards(shardKeys, await store.get(shardKeys), options.hash, meta.count);
    if (items === null) throw error;
    const damaged = listKeys.filter((key) => {
      const text = values.get(key) ?? null;
      return text === null || options.hash(text) !== hashInKey(key);
    });
    return { items, metaText, authors, collectionTexts, damaged };
  }
}

/** The live index as a run reads it: the list, with the publish state and what KV shows. */
export interface Current extends Live {
  /** KV's values of the keys asked for (`alsoRead`), with index/meta.json and the published marker. */
  also: Map<string, string | null>;
  /** The publish state the list was read for. */
  state: PublishState;
  /** KV's index/meta.json is not the state's: a run holding the lock writes the state's there first ({@link rollForward}). */
  kvBehind: boolean;
  /** What KV's index/meta.json held when read (null: nothing). */
  kvMeta: string | null;
}

type ReadOptions = Pick<RunOptions, 'hash' | 'bundled' | 'db' | 'kvSettleMs' | 'sleep' | 'target'>;

const validMeta = (text: string) => {
  try {
    parseIndexMeta(text);
    return true;
  } catch {
    return false;
  }
};

const time = (ms: number | null) => (ms === null ? 'momento desconhecido' : brasilia(ms));

/**
 * The live index. With a version in the publish state, the list is the one
 * that version's meta names, whatever KV's index/meta.json says: KV is
 * eventually consistent, and may also lag after a run stopped between its two
 * writes, so a run never merges with a meta older than D1's. Its chunks are
 * named by their content and written before the switch, so KV holds them.
 *
 * Refuses, having written nothing:
 * - when KV's index/meta.json is missing although KV held this version (it
 *   was deleted), or is not a valid index: `content:restore` writes D1's back;
 * - with no version in D1 yet, when KV has no meta but has been published to
 *   (the marker, or index chunks no run set aside): merging with the bundled
 *   list would drop every published article.
 * With no version in D1 and a meta in KV (a deployment that published before
 * the publish state existed), KV's meta is the live index: the run's switch
 * records it as version 1.
 */
export async function readLive(
  store: KvStore,
  options: ReadOptions,
  {
    state,
    known,
    existing = false,
    alsoRead = [],
  }: { state?: PublishState; known?: Live; existing?: boolean; alsoRead?: readonly string[] } = {},
): Promise<Current> {
  state ??= await readState(options.db);
  // Other keys the caller needs are read in the same call: remotely each call is a wrangler process.
  const keys = [INDEX_META_KEY, PUBLISHED_MARKER_KEY, ...alsoRead];
  let also = await store.get(keys);
  let kvMeta = also.get(INDEX_META_KEY) ?? null;
  let listed: string[] | undefined;
  const listIndex = async () => (listed ??= await store.list('index/'));
  const restore = restoreCommand(options.target);
  let metaText: string | null;
  if (state.version === 0) {
    if (kvMeta === null) await refuseIfPublished(store, also, await listIndex());
    else if (!validMeta(kvMeta)) {
      throw new LiveIndexError(
        `o ${INDEX_META_KEY} do KV não é um índice válido (${reasonOf(kvMeta)}), e o estado de publicação (D1) não registra um anterior para restaurar. Nada foi gravado: ponha de volta um ${INDEX_META_KEY} válido (de uma cópia) e rode o comando de novo.`,
      );
    }
    metaText = kvMeta;
  } else {
    metaText = state.meta;
    const gone = () => kvMeta === null && state!.kvVersion >= state!.version;
    if (gone() && options.kvSettleMs > 0) {
      // Perhaps this place of KV has not seen it yet: once more, after KV's bound.
      await options.sleep(options.kvSettleMs);
      also = await store.get(keys);
      kvMeta = also.get(INDEX_META_KEY) ?? null;
    }
    if (gone()) {
      throw new LiveIndexError(
        `o KV não tem ${INDEX_META_KEY}, mas já teve a versão ${state.version}, a registrada no estado de publicação (D1) (trocada em ${time(state.switchedAt)}): ele foi apagado. Nada foi gravado. Restaure com: ${restore} (ele grava de volta a versão ${state.version}; os arquivos que ela cita continuam no KV).`,
      );
    }
    if (kvMeta !== null && kvMeta !== metaText && !validMeta(kvMeta)) {
      throw new LiveIndexError(
        `o ${INDEX_META_KEY} do KV não é um índice válido (${reasonOf(kvMeta)}). Nada foi gravado. Restaure com: ${restore} (ele grava de volta a versão ${state.version}, a registrada no estado de publicação (D1)).`,
      );
    }
  }
  const refuse = (why: string) =>
    new LiveIndexError(
      `o índice no ar${state!.version > 0 ? ` (versão ${state!.version} do estado de publicação)` : ''} não pode ser lido inteiro: ${why}. Nada foi gravado.${options.kvSettleMs > 0 ? ' Se outra publicação acabou de gravá-lo, o KV pode ainda não mostrar a mudança aqui: rode o comando de novo daqui a um minuto.' : ''}`,
    );
  let live: Live;
  try {
    live = await readIndex(store, metaText, options, { known, refuse });
  } catch (error) {
    if (!(error instanceof LiveIndexError) || options.kvSettleMs === 0 || state.version === 0) throw error;
    await options.sleep(options.kvSettleMs);
    live = await readIndex(store, metaText, options, { refuse });
  }
  return {
    ...live,
    ...(existing ? { existing: new Set(await listIndex()) } : {}),
    also,
    state,
    kvBehind: state.version > 0 && kvMeta !== metaText,
    kvMeta,
  };
}

function reasonOf(text: string): string {
  try {
    parseIndexMeta(text);
    return 'valid';
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * With no index anywhere (no version in D1, no meta in KV), the bundled list
 * is the live one, unless KV has been published to: the marker a switch
 * writes, or list chunks that no run set aside for deletion (a store
 * published to before the marker existed). A first publish that stopped
 * before its switch leaves only chunks it listed as waiting.
 */
async function refuseIfPublished(
  store: Pick<KvStore, 'get'>,
  also: ReadonlyMap<string, string | null>,
  indexKeys: readonly string[],
): Promise<void> {
  const marked = (also.get(PUBLISHED_MARKER_KEY) ?? null) !== null;
  let waiting: Pending = new Map();
  if (!marked && indexKeys.some((key) => CHUNK_KEY_PATTERN.test(key))) {
    // Only read when there are chunks to weigh: the first publish of a fresh store does not pay for it.
    const text = also.has(PENDING_DELETES_KEY)
      ? also.get(PENDING_DELETES_KEY)!
      : ((await store.get([PENDING_DELETES_KEY])).get(PENDING_DELETES_KEY) ?? null);
    waiting = parsePending(text ?? null);
  }
  const published = indexKeys.filter((key) => key.startsWith('index/list/') && CHUNK_KEY_PATTERN.test(key) && !waiting.has(key));
  if (!marked && published.length === 0) return;
  const evidence = marked
    ? PUBLISHED_MARKER_KEY
    : `${published[0]}${published.length > 1 ? ` e mais ${published.length - 1} pedaço(s) da lista` : ''}`;
  throw new LiveIndexError(
    `o KV já recebeu publicações (${evidence}), mas não tem ${INDEX_META_KEY}, e o estado de publicação (D1) não registra versão para restaurá-lo. Nada foi gravado: publicar agora trocaria todos os artigos publicados pelos de exemplo. Ponha ${INDEX_META_KEY} de volta (de uma cópia) e rode o comando de novo.`,
  );
}

/** The marker that says KV has been published to (see PUBLISHED_MARKER_KEY): written after a switch, never deleted. */
const marker = (state: PublishState) => ({
  key: PUBLISHED_MARKER_KEY,
  value: JSON.stringify({ since: time(state.switchedAt ?? state.now) }),
});

/** Records what KV's index/meta.json held when a run read it under the lock (served-indexes.ts). */
const observeKv = (options: Pick<RunOptions, 'db' | 'hash'>, live: Current) =>
  observeServed(options.db, live.kvMeta, live.kvMeta !== null && live.kvMeta === live.state.meta ? live.state.version : null, options.hash);

/**
 * Writes the state's meta to KV, where it is behind (the run holds the
 * lock): KV then shows the index D1 records. The marker follows, never before
 * the meta.
 */
async function rollForward(store: KvStore, current: Current, options: Pick<RunOptions, 'db' | 'log' | 'hash'>): Promise<void> {
  const { state } = current;
  const log = options.log;
  await store.put([{ key: INDEX_META_KEY, value: state.meta! }]);
  await observeServed(options.db, state.meta, state.version, options.hash);
  if ((current.also.get(PUBLISHED_MARKER_KEY) ?? null) === null) await store.put([marker(state)]);
  log(
    `  o ${INDEX_META_KEY} do KV estava atrás do estado de publicação: a versão ${state.version} (trocada em ${time(state.switchedAt)}) foi gravada antes. (Uma publicação parou entre a troca e a gravação no KV, ou o KV ainda não tinha se atualizado.)`,
  );
}

export interface RunResult {
  /** The plan that was switched to; null when there was nothing to do. */
  plan: Plan | null;
  /** Keys deleted at the end (their time was up). */
  deleted: string[];
  /** KV served an older index than the one D1 records (a run stopped between its two writes): the run wrote D1's. */
  rolledForward: boolean;
}

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
async function deleteDue(
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

/**
 * Which of these stored files KV lacks, or holds altered: a body whose text
 * does not match the hash its name carries. Images are only checked to be there.
 */
async function damagedKeys(store: KvStore, keys: readonly string[], hash: (text: string) => string): Promise<string[]> {
  if (keys.length === 0) return [];
  const values = await store.get(keys);
  return keys.filter((key) => {
    const text = values.get(key) ?? null;
    const named = hashInKey(key);
    return text === null || (key.startsWith(BODY_FOLDER) && named !== null && hash(text) !== named);
  });
}

/** Why a switch did not happen, from the state read with it. */
function whyNotSwitched(state: PublishState, owner: LockOwner, read: number): string {
  if (state.lock?.id !== owner.id)
    return 'outra publicação pegou a trava (esta demorou mais do que a trava dura): aguardando ela, depois juntando de novo';
  if (expired(state))
    return 'a trava expirou antes da troca (esta publicação demorou mais do que ela dura): pegando de novo, depois juntando de novo';
  return `o índice mudou da versão ${read} para a ${state.version}: juntando de novo com a lista nova`;
}

const LAPSED = `esta publicação passou de ${LOCK_TTL_MS / 2 / 1000} s desde a última renovação da trava`;

/**
 * Brings KV's index/meta.json in line with the publish state, under the lock
 * (taken again): for a run that wrote a meta, or was about to, when its lock
 * may have passed to another run, which may have switched since. KV then
 * shows D1's latest version. Again if the lock was lost even then.
 */
async function catchUp(store: KvStore, options: RunOptions): Promise<void> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const held = await withLock(options.db, options.owner, options, async (state, lock) => {
      const live = await readLive(store, options, { state });
      await observeKv(options, live);
      if (live.kvBehind) await rollForward(store, live, options);
      if (state.version > 0) lock.confirm(state.version);
      return lock.release();
    });
    if (held) return;
  }
  throw new Error(
    `a trava de publicação passou seguidamente para outras publicações enquanto esta acertava o KV: rode ${restoreCommand(options.target)}`,
  );
}

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

export interface RestoreResult {
  /** The version of the publish state now in KV. */
  version: number;
  /** When that version was switched to. */
  switchedAt: number | null;
  /** How many articles it lists. */
  count: number;
  /** False when KV already held it: nothing was written. */
  restored: boolean;
  /** Keys the index names that KV lacks or holds altered (index chunks a repair writes again; bodies and images to republish). */
  missing: string[];
  /** The articles whose own files (body, images) are among `missing`: only a publish of their folder brings them back. */
  lost: { slug: string; titulo: string }[];
}

/** How many bodies restore reads per call. */
const BODY_BATCH = 100;

/** The articles of `live` that name one of these keys as their own file (not an index chunk). */
function lostArticles(live: Live, missing: ReadonlySet<string>): { slug: string; titulo: string }[] {
  return live.items
    .filter((item) => articleKeys(item).some((key) => missing.has(key)))
    .map((item) => ({ slug: String(item.slug), titulo: String(item.titulo) }));
}

/** Thrown when there is nothing to restore from. */
export class RestoreError extends Error {}

/**
 * `content:restore`: writes the index the publish state records (its
 * version's meta text) to KV's index/meta.json, under the lock, after
 * checking that KV holds its list chunks (needed to merge later runs):
 * the repair for a meta that was deleted or damaged, and for a run stopped
 * between its switch and the KV write. Other keys the index names that KV
 * lacks are reported, not fatal.
 */
export async function runRestore(store: KvStore, options: RunOptions): Promise<RestoreResult> {
  const { db, owner } = options;
  let catchUpNeeded = false;
  const result = await withLock(db, owner, options, async (state, lock) => {
    if (state.version === 0) {
      throw new RestoreError(
        `o estado de publicação (D1) ainda não registra índice em ${options.target}: não há de onde restaurar. (Toda publicação registra ali o seu índice; um armazenamento publicado antes disso é assumido, como está, pela próxima publicação.)`,
      );
    }
    const also = await store.get([INDEX_META_KEY, PUBLISHED_MARKER_KEY]);
    const kvMeta = also.get(INDEX_META_KEY) ?? null;
    await observeServed(db, kvMeta, kvMeta === state.meta ? state.version : null, options.hash);
    const live = await readIndex(store, state.meta, options, {
      refuse: (why) => new RestoreError(`a versão ${state.version} do índice não pode ser restaurada: ${why}. Nada foi gravado.`),
    });
    const stored = new Set((await Promise.all(CONTENT_PREFIXES.map((prefix) => store.list(prefix)))).flat());
    const absent = [...referencedKeys(live)].filter((key) => !stored.has(key));
    // Every body is read and checked against its hash: restore is the command that answers "what is broken?".
    const bodies = live.items.map((item) => item.htmlPath).filter((key) => typeof key === 'string' && stored.has(key));
    const altered: string[] = [];
    for (let start = 0; start < bodies.length; start += BODY_BATCH) {
      altered.push(...(await damagedKeys(store, bodies.slice(start, start + BODY_BATCH), options.hash)));
    }
    const missing = [...absent, ...altered, ...(live.damaged ?? [])];
    const lost = lostArticles(live, new Set(missing));
    const result = { version: state.version, switchedAt: state.switchedAt, count: live.items.length, missing, lost };
    if ((also.get(INDEX_META_KEY) ?? null) === state.meta) {
      lock.confirm(state.version);
      return { ...result, restored: false };
    }
    if (lock.lapsed()) throw new RestoreError(`${LAPSED}: nada foi gravado; rode o comando de novo`);
    await store.put([{ key: INDEX_META_KEY, value: state.meta! }]);
    if (!lock.lapsed()) await observeServed(db, state.meta, state.version, options.hash);
    if ((also.get(PUBLISHED_MARKER_KEY) ?? null) === null) await store.put([marker(state)]);
    lock.confirm(state.version);
    // Still this run's lock: no run switched since; else one may have, and this write may have replaced its meta.
    if (!(await lock.release())) catchUpNeeded = true;
    return { ...result, restored: true };
  });
  if (catchUpNeeded) await catchUp(store, options);
  return result;
}
