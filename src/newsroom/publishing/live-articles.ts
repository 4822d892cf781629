import { openLiveIndex } from '#src/content/index/live-index.ts';
import type { ContentBindings } from '#src/content/index/sources.ts';
import type { NewsEntry } from '#src/content/schema/news-item.ts';

/**
 * The newest articles of the live index, scheduled ones included (a
 * reader's list hides them until their time): what the newsroom's "No ar"
 * page lists. Read from the end of the page chunks, as the site reads its
 * pages, so it costs a few reads whatever the archive's size.
 */
export async function newestLive(env: ContentBindings, now: number, limit: number): Promise<NewsEntry[]> {
  const index = await openLiveIndex(env, now);
  const { meta } = index;
  const found: NewsEntry[] = [];
  const seen = new Set<string>();
  for (let n = meta.pageChunks - 1; n >= 0 && found.length < limit; n--) {
    const chunk = await index.pageChunk(meta, n);
    for (let i = chunk.length - 1; i >= 0 && found.length < limit; i--) {
      const entry = chunk[i];
      if (entry && !seen.has(entry.slug)) {
        seen.add(entry.slug);
        found.push(entry);
      }
    }
  }
  return found;
}
