import { bodyKey } from '../../src/content/format.ts';
import { contentHash } from '../../src/lib/content-hash.ts';

export { contentHash };

/** Where an article's body is published: a changed body gets a new key. */
export const publishedBodyPath = (slug: string, body: string): string => bodyKey(slug, contentHash(body));
