import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { HASH_LENGTH } from '../content/news-index';

/**
 * The content hash of index chunks, article bodies and images: the first
 * HASH_LENGTH hex characters of SHA-256 (of the UTF-8 bytes of a text).
 * Synchronous, and the same in Node and in workerd, so the publishing engine
 * names what it writes the same wherever it runs (Web Crypto's digest is
 * asynchronous, and node:crypto is Node's).
 */
export const contentHash = (value: string | Uint8Array): string =>
  bytesToHex(sha256(typeof value === 'string' ? utf8ToBytes(value) : value)).slice(0, HASH_LENGTH);
