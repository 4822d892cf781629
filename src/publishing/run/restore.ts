import { INDEX_META_KEY, PUBLISHED_MARKER_KEY } from '#src/content/index/news-index.ts';
import { articleKeys, type Live, referencedKeys } from '../plan/live';
import type { KvStore } from '../stores/kv-store';
import { withLock } from '../stores/lock';
import { observeServed } from '../stores/served-indexes';
import { damagedKeys } from './damaged-keys';
import { CONTENT_PREFIXES } from './gc';
import { catchUp, marker } from './kv-catch-up';
import { readIndex } from './read-live';
import { LAPSED } from './run';
import type { RunOptions } from './run-options';

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
