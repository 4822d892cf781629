import { contentHash } from '../../src/content/index/content-hash.ts';
import { bodyKey } from '../../src/content/schema/format.ts';

export { contentHash };

/** Where an article's body is published: a changed body gets a new key. */
export const publishedBodyPath = (slug: string, body: string): string => bodyKey(slug, contentHash(body));
