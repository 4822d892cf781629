import type { StoredAuthor } from '#src/content/index/index-build.ts';
import { imageKey } from '#src/content/schema/format.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import type { Live } from './live';
import type { LocalRegistry } from './prepared-article';

/** The live registry with the folder's authors added or replaced, and which of them change it. */
export function mergedAuthors(live: Live, registry: LocalRegistry) {
  const authors: Record<string, StoredAuthor> = { ...(live.authors ?? {}) };
  const changed: string[] = [];
  for (const [slug, author] of Object.entries(registry.authors)) {
    if (canonical(authors[slug]) !== canonical(author)) changed.push(slug);
    authors[slug] = author;
  }
  const changedKeys = new Set(changed.flatMap((slug) => (authors[slug]!.foto ? [imageKey(authors[slug]!.foto!)] : [])));
  return { authors, changed, photos: registry.photos.filter(({ key }) => changedKeys.has(key)) };
}

/** The list with each slug once (the first entry kept), and a note per slug that was doubled. */
export function withoutDuplicates(items: readonly NewsItem[]): { items: NewsItem[]; notes: string[] } {
  const seen = new Set<string>();
  const doubled = new Set<string>();
  const kept = items.filter((item) => {
    if (typeof item?.slug !== 'string') return true;
    if (seen.has(item.slug)) {
      doubled.add(item.slug);
      return false;
    }
    seen.add(item.slug);
    return true;
  });
  const notes = [...doubled].map(
    (slug) => `a lista no ar trazia "${slug}" mais de uma vez: a primeira entrada foi mantida, as outras descartadas`,
  );
  return { items: kept, notes };
}

/** A value as JSON with object keys sorted and undefined fields left out: equal for equal stored entries. */
export const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
