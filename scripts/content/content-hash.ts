import { createHash } from 'node:crypto';
import { bodyKey } from '../../src/content/format.ts';
import { HASH_LENGTH } from '../../src/content/news-index.ts';

/**
 * The content hash of index chunks and article bodies: the first HASH_LENGTH
 * hex characters of SHA-256. Node only: the worker never computes one (it
 * reads the keys the index names), so its bundle carries no crypto code.
 */
export const contentHash = (value: string | Buffer): string => createHash('sha256').update(value).digest('hex').slice(0, HASH_LENGTH);

/** Where an article's body is published: a changed body gets a new key. */
export const publishedBodyPath = (slug: string, body: string): string => bodyKey(slug, contentHash(body));
