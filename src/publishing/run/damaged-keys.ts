import { hashInKey } from '#src/content/index/content-hash.ts';
import { BODY_FOLDER } from '#src/content/schema/format.ts';
import type { KvStore } from '../stores/kv-store';

/**
 * Which of these stored files KV lacks, or holds altered: a body whose text
 * does not match the hash its name carries. Images are only checked to be there.
 */
export async function damagedKeys(store: KvStore, keys: readonly string[], hash: (text: string) => string): Promise<string[]> {
  if (keys.length === 0) return [];
  const values = await store.get(keys);
  return keys.filter((key) => {
    const text = values.get(key) ?? null;
    const named = hashInKey(key);
    return text === null || (key.startsWith(BODY_FOLDER) && named !== null && hash(text) !== named);
  });
}
