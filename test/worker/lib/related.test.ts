import { describe, expect, it } from 'vitest';
import { pickRelated, RELATED_COUNT, RELATED_ROTATION_MS, relatedChunk } from '#src/lib/related.ts';

const items = Array.from({ length: 12 }, (_, i) => ({ slug: `artigo-${i}` }));
const NOW = Date.UTC(2025, 5, 1, 12);

describe('pickRelated (docs/product.md §9)', () => {
  it('picks 4 distinct articles, never the current one', () => {
    for (const { slug } of items) {
      const picks = pickRelated(items, slug, NOW);
      expect(RELATED_COUNT).toBe(4);
      expect(picks).toHaveLength(4);
      expect(new Set(picks.map((p) => p.slug)).size).toBe(4);
      expect(picks.map((p) => p.slug)).not.toContain(slug);
    }
  });

  it('returns all the others when there are fewer than 4', () => {
    const few = items.slice(0, 3);
    expect(
      pickRelated(few, 'artigo-0', NOW)
        .map((p) => p.slug)
        .sort(),
    ).toEqual(['artigo-1', 'artigo-2']);
    expect(pickRelated(items.slice(0, 1), 'artigo-0', NOW)).toEqual([]);
  });

  it('is stable for the same slug within a rotation window', () => {
    const windowStart = Math.floor(NOW / RELATED_ROTATION_MS) * RELATED_ROTATION_MS;
    const first = pickRelated(items, 'artigo-3', windowStart);
    expect(pickRelated(items, 'artigo-3', windowStart + RELATED_ROTATION_MS - 1)).toEqual(first);
  });

  it('varies between windows and between articles (it is random, not fixed)', () => {
    const choices = new Set<string>();
    for (let w = 0; w < 20; w++) {
      choices.add(JSON.stringify(pickRelated(items, 'artigo-3', NOW + w * RELATED_ROTATION_MS)));
    }
    expect(choices.size).toBeGreaterThan(10);
    const perSlug = new Set(
      items.map(({ slug }) =>
        JSON.stringify(
          pickRelated(items, slug, NOW)
            .map((p) => p.slug)
            .sort(),
        ),
      ),
    );
    expect(perSlug.size).toBeGreaterThan(6);
  });

  it('reaches every other article over many windows', () => {
    const seen = new Set<string>();
    for (let w = 0; w < 200; w++) for (const pick of pickRelated(items, 'artigo-0', w * RELATED_ROTATION_MS)) seen.add(pick.slug);
    expect(seen.size).toBe(items.length - 1);
  });

  it('does not reorder or change the list it is given', () => {
    const copy = items.map((item) => ({ ...item }));
    pickRelated(items, 'artigo-5', NOW);
    expect(items).toEqual(copy);
  });
});

/**
 * A list that counts element reads and throws past a budget. pickRelated is
 * synchronous: a loop that never ends would block the test (and, deployed, the
 * isolate) forever instead of timing out, so the budget is what turns it into
 * a failure.
 */
function countingPool<T>(entries: T[], budget = 10_000): { pool: T[]; reads: () => number } {
  let reads = 0;
  const pool = new Proxy(entries, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key) && ++reads > budget) {
        throw new Error(`read more than ${budget} elements of a ${target.length}-item pool`);
      }
      return Reflect.get(target, key, receiver);
    },
  });
  return { pool, reads: () => reads };
}

const slugs = (picks: { slug: string }[]) => picks.map((p) => p.slug);

describe('pickRelated on pools with repeats (a damaged or merged index)', () => {
  it('returns nothing, and returns, when the pool is only the current article', () => {
    expect(pickRelated(countingPool([{ slug: 'x' }, { slug: 'x' }]).pool, 'x', NOW)).toEqual([]);
    const { pool, reads } = countingPool(Array.from({ length: 1000 }, () => ({ slug: 'x' })));
    expect(pickRelated(pool, 'x', NOW)).toEqual([]);
    expect(reads()).toBeLessThanOrEqual(1000 + 4 * 8);
  });

  it('counts a repeated slug once', () => {
    expect(slugs(pickRelated(countingPool([{ slug: 'y' }, { slug: 'y' }]).pool, 'x', NOW, 2))).toEqual(['y']);
    expect(slugs(pickRelated(countingPool(Array.from({ length: 500 }, () => ({ slug: 'y' }))).pool, 'x', NOW))).toEqual(['y']);
  });

  it('returns every distinct other slug, once each, when there are fewer than asked for', () => {
    const pool = ['a', 'a', 'a', 'b', 'x', 'b', 'c', 'x'].map((slug) => ({ slug }));
    for (let w = 0; w < 50; w++) {
      const picks = slugs(pickRelated(countingPool(pool).pool, 'x', w * RELATED_ROTATION_MS));
      expect(picks.sort()).toEqual(['a', 'b', 'c']);
    }
  });

  it('still picks 4 distinct articles when most of the pool repeats', () => {
    const pool = [
      ...Array.from({ length: 200 }, () => ({ slug: 'x' })),
      ...Array.from({ length: 200 }, () => ({ slug: 'repetida' })),
      ...['a', 'b', 'c', 'd', 'e'].map((slug) => ({ slug })),
    ];
    for (let w = 0; w < 20; w++) {
      const picks = slugs(pickRelated(countingPool(pool).pool, 'x', w * RELATED_ROTATION_MS));
      expect(picks).toHaveLength(4);
      expect(new Set(picks).size).toBe(4);
      expect(picks).not.toContain('x');
    }
  });

  it('is stable within a window on a pool with repeats', () => {
    const pool = ['a', 'a', 'b', 'c', 'c', 'd', 'e', 'f', 'x'].map((slug) => ({ slug }));
    expect(pickRelated(pool, 'x', NOW)).toEqual(pickRelated(pool, 'x', NOW + 1000));
  });

  it('returns nothing for an empty pool or a count of 0, negative or not a number', () => {
    expect(pickRelated([], 'x', NOW)).toEqual([]);
    for (const count of [0, -1, Number.NaN]) expect(pickRelated(items, 'artigo-0', NOW, count)).toEqual([]);
    expect(pickRelated(items, 'artigo-0', NOW, 2.7)).toHaveLength(2);
  });

  it('reads a handful of entries of a large pool, not all of them', () => {
    const { pool, reads } = countingPool(Array.from({ length: 100_000 }, (_, i) => ({ slug: `artigo-${i}` })));
    // The current article is not in this pool: nothing may scan the list to find out.
    expect(pickRelated(pool, 'fora-da-lista', NOW)).toHaveLength(4);
    expect(reads()).toBeLessThan(50);
  });
});

describe('relatedChunk', () => {
  it('is a valid chunk index, whatever the slug and day', () => {
    for (const chunks of [1, 2, 7]) {
      for (let i = 0; i < 200; i++) {
        const chosen = relatedChunk(`artigo-${i}`, NOW + i * RELATED_ROTATION_MS, chunks);
        expect(Number.isInteger(chosen) && chosen >= 0 && chosen < chunks).toBe(true);
      }
    }
    for (let i = 0; i < 50; i++) expect([0, 1]).toContain(relatedChunk(`artigo-${i}`, NOW, 2.5));
  });

  it('says there is none (-1) for a count that is 0, negative or not a number', () => {
    for (const chunks of [0, -3, Number.NaN, Number.POSITIVE_INFINITY, 0.5]) {
      expect(relatedChunk('artigo-1', NOW, chunks)).toBe(-1);
    }
  });
});
