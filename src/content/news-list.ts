import { log } from '../log';
import { parseNewsItem, type NewsEntry } from './news-item';

/** The parsed news list: newest first, with an index by slug. */
export interface NewsList {
  items: readonly NewsEntry[];
  bySlug: ReadonlyMap<string, NewsEntry>;
}

/**
 * Parses the text of `news.json`. Throws when the text is not a JSON array, so
 * the caller can fall back to another source; skips (and logs) bad entries and
 * duplicate slugs, keeping the first occurrence.
 */
export function parseNewsList(text: string, source: string): NewsList {
  const raw: unknown = JSON.parse(text);
  if (!Array.isArray(raw)) throw new Error('news list is not a JSON array');
  const bySlug = new Map<string, NewsEntry>();
  raw.forEach((value, index) => {
    const parsed = parseNewsItem(value);
    if (typeof parsed === 'string') {
      log('warn', 'news_item_skipped', { source, index, reason: parsed });
    } else if (bySlug.has(parsed.slug)) {
      log('warn', 'news_item_skipped', { source, index, reason: `duplicate slug "${parsed.slug}"` });
    } else {
      bySlug.set(parsed.slug, parsed);
    }
  });
  // Newest first; the same day keeps list order (sort is stable).
  const items = [...bySlug.values()].sort((a, b) => b.date.getTime() - a.date.getTime());
  return { items, bySlug };
}
