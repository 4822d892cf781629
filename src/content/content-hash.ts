import { type ContentHash, HASH_LENGTH } from './news-index';

/**
 * The content hash that names index chunks and article bodies, as the worker
 * checks it: the first HASH_LENGTH hex characters of the SHA-256 of the text's
 * UTF-8 bytes, exactly as the publish command computes it
 * (scripts/content/content-hash.ts, node:crypto). Web Crypto here, native in
 * workerd (and in Node), so the worker bundle carries no hashing code.
 */
export async function contentHashOf(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let hex = '';
  for (const byte of new Uint8Array(digest, 0, HASH_LENGTH / 2)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** `….<hash>.json` or `….<hash>.html`: how every content-addressed key ends (news-index.ts, format.ts). */
const HASHED_KEY = new RegExp(`\\.([0-9a-f]{${HASH_LENGTH}})\\.(?:json|html)$`);

/** The content hash a key carries; null for a key named otherwise (the meta, a body published before bodies were hashed). */
export const hashInKey = (key: string): string | null => HASHED_KEY.exec(key)?.[1] ?? null;

/** Whether `text` is the value `key` names: true for a key without a hash, which names no particular text. */
export async function matchesKey(key: string, text: string): Promise<boolean> {
  const expected = hashInKey(key);
  return expected === null || (await contentHashOf(text)) === expected;
}

/** Stands in for a hash not computed yet: the result it appears in is thrown away. */
const UNKNOWN_HASH = '0'.repeat(HASH_LENGTH);
/** Far more rounds than any build needs (an index needs three); a bound, so a build whose texts never settle fails rather than hangs. */
const MAX_ROUNDS = 10;

/**
 * What `build` makes with the real content hash, for the worker's own made-up
 * indexes (the start-up warm-up, tests): buildIndex (./index-build.ts) takes a
 * synchronous hash, and Web Crypto's is asynchronous. So `build` runs with
 * hashes looked up in a table filled between runs: each run gathers the texts
 * it found none for, until one finds them all (for an index: the chunks, then
 * the list files that name chunks by hash, then none). `build` must be
 * deterministic.
 */
export async function withContentHash<T>(build: (hash: ContentHash) => T): Promise<T> {
  const known = new Map<string, string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const unknown = new Set<string>();
    const result = build((text) => {
      const digest = known.get(text);
      if (digest !== undefined) return digest;
      unknown.add(text);
      return UNKNOWN_HASH;
    });
    if (unknown.size === 0) return result;
    for (const text of unknown) known.set(text, await contentHashOf(text));
  }
  throw new Error(`withContentHash: the texts to hash still changed after ${MAX_ROUNDS} rounds`);
}
