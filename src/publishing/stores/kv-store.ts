/**
 * The four operations the publish, unpublish and gc runs need from a KV
 * namespace. The worker's binding serves them (bindings.ts); the tests an in-memory store,
 * so every interleaving and every interruption can be played in Node.
 */

/** Where a run writes, as its messages name it: the local site, or production. */
export type Target = 'local' | 'remote';

/** One write. Images are bytes; everything else is text. */
export interface KvEntry {
  key: string;
  value: string | Uint8Array;
  /** Seconds until KV drops the key by itself (the run lock uses it). */
  expirationTtl?: number;
}

export interface KvStore {
  /** The text of each key, null when absent. */
  get(keys: readonly string[]): Promise<Map<string, string | null>>;
  put(entries: readonly KvEntry[]): Promise<void>;
  delete(keys: readonly string[]): Promise<void>;
  /** Every key that starts with the prefix. */
  list(prefix: string): Promise<string[]>;
}
