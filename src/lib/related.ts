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
 * -1 when there is no chunk to draw from (a count that is 0, negative or not a
 * number, as a damaged index could hold).
 */
export function relatedChunk(currentSlug: string, now: number, chunkCount: number): number {
  const chunks = Number.isFinite(chunkCount) ? Math.floor(chunkCount) : 0;
  if (chunks < 1) return -1;
  const window = Math.floor(now / RELATED_ROTATION_MS);
  return Math.min(chunks - 1, Math.floor(seededRandom(fnv1a(`chunk:${currentSlug}:${window}`))() * chunks));
}

/**
 * Random draws allowed per wanted article before the scan below takes over.
 * Drawing is what keeps the common case cheap on a large pool; the cap is what
 * keeps a pool of repeats (one slug many times, or mostly the current article)
 * from drawing forever.
 */
const DRAWS_PER_PICK = 8;

/**
 * Picks up to `count` distinct articles (by slug) other than the current one,
 * at random but stable for the same slug within one rotation window. Repeated
 * slugs in `items` count once.
 *
 * Work is bounded by the data: at most 8 random draws per wanted article, then,
 * only if those fell short, one pass over `items` from a seeded starting point.
 * Copying or shuffling a 100,000-item list per request would not be.
 *
 * @example pickRelated(items, 'minha-noticia', Date.now())
 */
export function pickRelated<T extends { slug: string }>(items: readonly T[], currentSlug: string, now: number, count = RELATED_COUNT): T[] {
  const wanted = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  const size = items.length;
  if (wanted === 0 || size === 0) return [];
  const window = Math.floor(now / RELATED_ROTATION_MS);
  const random = seededRandom(fnv1a(`${currentSlug}:${window}`));
  const picked: T[] = [];
  const seen = new Set<string>([currentSlug]);
  const consider = (item: T) => {
    if (seen.has(item.slug)) return;
    seen.add(item.slug);
    picked.push(item);
  };
  const draws = Math.min(wanted, size) * DRAWS_PER_PICK;
  for (let draw = 0; draw < draws && picked.length < wanted; draw++) {
    consider(items[Math.floor(random() * size)]!);
  }
  const start = Math.floor(random() * size);
  for (let step = 0; step < size && picked.length < wanted; step++) {
    consider(items[(start + step) % size]!);
  }
  return picked;
}
