import { kvStoreOf } from '../../../src/publishing/bindings.ts';
import type { KvStore } from '../../../src/publishing/stores/kv-store.ts';
import { localEnv, whileBusy } from '../../lib/local-bindings.ts';

/**
 * The store a local command works on (remote ones go through the newsroom's
 * API: scripts/lib/newsroom-client.ts): the local store `npm start` reads
 * (.wrangler/state), opened in this process with wrangler's getPlatformProxy:
 * the same data `wrangler kv --local` and `wrangler dev` use, at a few
 * milliseconds a call instead of a wrangler process (about 1.3 s) per call.
 * Opened once per process, with the publish state (scripts/lib/local-bindings.ts).
 */
export function openStore(): KvStore {
  const store = localEnv().then(({ NEWS }) => kvStoreOf(NEWS, whileBusy));
  return {
    get: async (keys) => (await store).get(keys),
    put: async (entries) => (await store).put(entries),
    delete: async (keys) => (await store).delete(keys),
    list: async (prefix) => (await store).list(prefix),
  };
}
