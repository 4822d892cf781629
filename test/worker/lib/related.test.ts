import { describe, expect, it } from 'vitest';
import { pickRelated, RELATED_COUNT, RELATED_ROTATION_MS } from '../../../src/lib/related';

const items = Array.from({ length: 12 }, (_, i) => ({ slug: `artigo-${i}` }));
const NOW = Date.UTC(2025, 5, 1, 12);

describe('pickRelated (spec §9)', () => {
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
    expect(pickRelated(few, 'artigo-0', NOW).map((p) => p.slug).sort()).toEqual(['artigo-1', 'artigo-2']);
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
    const perSlug = new Set(items.map(({ slug }) => JSON.stringify(pickRelated(items, slug, NOW).map((p) => p.slug).sort())));
    expect(perSlug.size).toBeGreaterThan(6);
  });

  it('reaches every other article over many windows', () => {
    const seen = new Set<string>();
    for (let w = 0; w < 200; w++) pickRelated(items, 'artigo-0', w * RELATED_ROTATION_MS).forEach((p) => seen.add(p.slug));
    expect(seen.size).toBe(items.length - 1);
  });

  it('does not reorder or change the list it is given', () => {
    const copy = items.map((item) => ({ ...item }));
    pickRelated(items, 'artigo-5', NOW);
    expect(items).toEqual(copy);
  });
});
