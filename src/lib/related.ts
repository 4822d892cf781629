import { fnv1a } from './hash';

/** Spec §9: up to 4 related articles. */
export const RELATED_COUNT = 4;

/**
 * How long one random choice of related articles lasts. Every render of a URL
 * inside the same window picks the same articles, so cached copies and fresh
 * renders agree (and the ETag holds) for longer than any HTML cache lifetime.
 */
export const RELATED_ROTATION_MS = 24 * 60 * 60 * 1000;

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Which chunk of the archive to draw related articles from: random, but the
 * same for a slug within one rotation window (so cached and fresh renders agree).
 */
export function relatedChunk(currentSlug: string, now: number, chunkCount: number): number {
  const window = Math.floor(now / RELATED_ROTATION_MS);
  return Math.floor(seededRandom(fnv1a(`chunk:${currentSlug}:${window}`))() * chunkCount);
}

/**
 * Picks up to `count` items other than the current one, at random but stable
 * for the same slug within one rotation window.
 *
 * @example pickRelated(items, 'minha-noticia', Date.now())
 */
export function pickRelated<T extends { slug: string }>(
  items: readonly T[],
  currentSlug: string,
  now: number,
  count = RELATED_COUNT,
): T[] {
  const window = Math.floor(now / RELATED_ROTATION_MS);
  const random = seededRandom(fnv1a(`${currentSlug}:${window}`));
  const wanted = Math.min(count, items.length - (items.some((item) => item.slug === currentSlug) ? 1 : 0));
  // Draw distinct random positions: a few draws, whatever the list's size
  // (copying or shuffling a 100,000-item list per request would not be).
  const picked = new Set<number>();
  while (picked.size < wanted) {
    const index = Math.floor(random() * items.length);
    if (items[index]!.slug !== currentSlug) picked.add(index);
  }
  return [...picked].map((index) => items[index]!);
}
