import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { HASH_LENGTH } from './news-index';

/**
 * The content hash that names index chunks, article bodies and images: the
 * first HASH_LENGTH hex characters of SHA-256 (of the UTF-8 bytes of a text).
 * Synchronous, and the same in Node and in workerd: the publishing engine
 * names what it writes with it wherever it runs (the index builder takes a
 * synchronous hash; Web Crypto's digest is asynchronous, node:crypto Node's),
 * and the worker checks what it reads against it.
 */
export const contentHash = (value: string | Uint8Array): string =>
  bytesToHex(sha256(typeof value === 'string' ? utf8ToBytes(value) : value)).slice(0, HASH_LENGTH);

/** `….<hash>.json` or `….<hash>.html`: how every content-addressed key ends (news-index.ts, format.ts). */
const HASHED_KEY = new RegExp(`\\.([0-9a-f]{${HASH_LENGTH}})\\.(?:json|html)$`);

/** The content hash a key carries; null for a key named otherwise (the meta, a body published before bodies were hashed). */
export const hashInKey = (key: string): string | null => HASHED_KEY.exec(key)?.[1] ?? null;

/** Whether `text` is the value `key` names: true for a key without a hash, which names no particular text. */
export function matchesKey(key: string, text: string): boolean {
  const expected = hashInKey(key);
  return expected === null || contentHash(text) === expected;
}
