import { INDEX_META_KEY, PUBLISHED_MARKER_KEY } from '#src/content/index/news-index.ts';
import type { KvStore } from '../stores/kv-store';
import { withLock } from '../stores/lock';
import type { PublishState } from '../stores/publish-state';
import { observeServed } from '../stores/served-indexes';
import { type Current, readLive, restoreCommand, time } from './read-live';
import { MAX_ATTEMPTS, type RunOptions } from './run-options';

/** The marker that says KV has been published to (see PUBLISHED_MARKER_KEY): written after a switch, never deleted. */
export const marker = (state: PublishState) => ({
  key: PUBLISHED_MARKER_KEY,
  value: JSON.stringify({ since: time(state.switchedAt ?? state.now) }),
});

/** Records what KV's index/meta.json held when a run read it under the lock (served-indexes.ts). */
export const observeKv = (options: Pick<RunOptions, 'db' | 'hash'>, live: Current) =>
  observeServed(options.db, live.kvMeta, live.kvMeta !== null && live.kvMeta === live.state.meta ? live.state.version : null, options.hash);

/**
 * Writes the state's meta to KV, where it is behind (the run holds the
 * lock): KV then shows the index D1 records. The marker follows, never before
 * the meta.
 */
export async function rollForward(store: KvStore, current: Current, options: Pick<RunOptions, 'db' | 'log' | 'hash'>): Promise<void> {
  const { state } = current;
  const log = options.log;
  await store.put([{ key: INDEX_META_KEY, value: state.meta! }]);
  await observeServed(options.db, state.meta, state.version, options.hash);
  if ((current.also.get(PUBLISHED_MARKER_KEY) ?? null) === null) await store.put([marker(state)]);
  log(
    `  o ${INDEX_META_KEY} do KV estava atrás do estado de publicação: a versão ${state.version} (trocada em ${time(state.switchedAt)}) foi gravada antes. (Uma publicação parou entre a troca e a gravação no KV, ou o KV ainda não tinha se atualizado.)`,
  );
}

/**
 * Brings KV's index/meta.json in line with the publish state, under the lock
 * (taken again): for a run that wrote a meta, or was about to, when its lock
 * may have passed to another run, which may have switched since. KV then
 * shows D1's latest version. Again if the lock was lost even then.
 */
export async function catchUp(store: KvStore, options: RunOptions): Promise<void> {
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
