import type { Content } from './content';
import { CHUNK_SIZE } from './index/news-index';
import type { NewsEntry } from './schema/news-item';

/**
 * The articles published at or after `since` (and by `now`), newest first, at
 * most `limit`: what the news sitemap lists. Reads the newest page chunks one
 * at a time (each window is aligned to a chunk, so each step is one read, kept
 * with the index like the grid's) and stops at the first article older than
 * `since`: the list is in date order, so the cost follows the window, not the
 * archive. Whatever the stored data holds, it never reads more than the chunks
 * that `limit` positions span.
 */
export async function getPublishedSince(content: Content, since: number, limit: number): Promise<NewsEntry[]> {
  const { now } = content;
  const visible = await content.count();
  const found: NewsEntry[] = [];
  const seen = new Set<string>();
  // The newest chunk may be partly filled: the first window ends at its start.
  let from = 0;
  let size = visible % CHUNK_SIZE || CHUNK_SIZE;
  while (from < visible && from < limit && found.length < limit) {
    for (const entry of await content.newest(from, from + size)) {
      if (entry.published < since) return found;
      // A corrupt scheduled list shows an article early; its URL still waits for its time, and so does this list.
      if (entry.published > now || seen.has(entry.slug)) continue;
      seen.add(entry.slug);
      found.push(entry);
      if (found.length === limit) return found;
    }
    from += size;
    size = CHUNK_SIZE;
  }
  return found;
}
