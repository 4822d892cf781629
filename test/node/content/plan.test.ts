import { describe, expect, it } from 'vitest';
import type { PreparedArticle } from '../../../scripts/content/check-article';
import { planPublish, planUnpublish, type Live, type Step } from '../../../scripts/content/plan';
import { buildIndex, INDEX_META_KEY, listChunkKey } from '../../../src/content/news-index';
import type { NewsItem } from '../../../src/content/news-item';

const item = (slug: string, data: string, imagemAtual = `${slug}-aaaa.webp`): NewsItem => ({
  slug,
  titulo: `Título ${slug}`,
  descricao: `Descrição ${slug}`,
  data,
  imagemAtual,
  htmlPath: `noticias/${slug}.html`,
});
const prepared = (entry: NewsItem): PreparedArticle => ({
  item: entry,
  body: `<p>${entry.slug}</p>`,
  image: { key: `thumbnails/${entry.imagemAtual}`, bytes: Buffer.from(entry.imagemAtual) },
  variants: [{ key: `thumbnails/${entry.imagemAtual.replace('.webp', '-480w.avif')}`, value: Buffer.from('avif') }],
});
/** The original and the six variants of a published image. */
const imageKeysOf = (file: string) => {
  const base = file.replace('.webp', '');
  return [`thumbnails/${file}`, ...[480, 800, 1200].flatMap((w) => [`thumbnails/${base}-${w}w.avif`, `thumbnails/${base}-${w}w.webp`])];
};

const LIVE_ITEMS = [item('b', '2025-05-01'), item('a', '2025-01-01'), item('c', '2025-09-01')];
const LIVE: Live = { items: LIVE_ITEMS, inKv: true };

const labels = (steps: Step[]) => steps.map((step) => `${step.kind} ${step.label}`);
const written = (steps: Step[]) =>
  new Map(steps.flatMap((step) => (step.kind === 'put-files' ? step.entries.map((e) => [e.key, e.value] as const) : [])));
/** The list the plan leaves in KV, read back from its list chunk. */
const listAfter = (steps: Step[]) => JSON.parse(String(written(steps).get(listChunkKey(0)))) as NewsItem[];

describe('publish plan', () => {
  it('writes the article files, then the index, and the index counts last', () => {
    const plan = planPublish([prepared(item('nova', '2025-06-01'))], LIVE);
    expect(labels(plan.steps)).toEqual(['put-files articles', 'put-files index', 'put-files index counts']);
    expect(plan.steps[0]).toEqual({
      kind: 'put-files',
      label: 'articles',
      entries: [
        { key: 'noticias/nova.html', value: '<p>nova</p>' },
        { key: 'thumbnails/nova-aaaa.webp', value: Buffer.from('nova-aaaa.webp') },
        { key: 'thumbnails/nova-aaaa-480w.avif', value: Buffer.from('avif') },
      ],
    });
    const last = plan.steps.at(-1)!;
    expect(last.kind === 'put-files' && last.entries.map((e) => e.key)).toEqual([INDEX_META_KEY]);
  });

  it('merges with what is live: every live article stays', () => {
    const plan = planPublish([prepared(item('nova', '2025-06-01'))], LIVE);
    expect(listAfter(plan.steps).map((entry) => entry.slug)).toEqual(['a', 'b', 'nova', 'c']);
    expect(plan.added).toEqual(['nova']);
    expect(plan.updated).toEqual([]);
  });

  it('writes only the index entries that change', () => {
    const many = Array.from({ length: 100 }, (_, i) => item(`artigo-${String(i).padStart(3, '0')}`, `2025-01-${String((i % 28) + 1).padStart(2, '0')}`));
    const plan = planPublish([prepared(item('mais-nova', '2025-12-31'))], { items: many, inKv: true });
    const keys = [...written(plan.steps).keys()].filter((key) => key.startsWith('index/'));
    // The newest article lands in the last page chunk: not the other four.
    expect(keys.filter((key) => key.startsWith('index/pages/'))).toEqual(['index/pages/4.json']);
    expect(keys.filter((key) => key.startsWith('index/slugs/'))).toHaveLength(1);
    expect(keys.length).toBeLessThan(buildIndex(many).size);
  });

  it('writes the whole index when only the bundled list is live (no index in KV yet)', () => {
    const plan = planPublish([prepared(item('nova', '2025-06-01'))], { items: LIVE_ITEMS, inKv: false });
    const index = buildIndex([...LIVE_ITEMS, item('nova', '2025-06-01')]);
    expect(new Set([...written(plan.steps).keys()].filter((key) => key.startsWith('index/')))).toEqual(new Set(index.keys()));
  });

  it('updates an article in place, and deletes the image it replaced at the end', () => {
    const plan = planPublish([prepared(item('b', '2025-05-02', 'b-bbbb.webp'))], LIVE);
    expect(labels(plan.steps).at(-1)).toBe('delete-files replaced images');
    expect(plan.steps.at(-1)).toMatchObject({ keys: imageKeysOf('b-aaaa.webp') });
    expect(listAfter(plan.steps).filter((entry) => entry.slug === 'b')).toEqual([item('b', '2025-05-02', 'b-bbbb.webp')]);
    expect(plan.updated).toEqual(['b']);
  });

  it('is idempotent: publishing again over its own result rewrites only the counts', () => {
    const articles = [prepared(item('nova', '2025-06-01')), prepared(item('b', '2025-05-02', 'b-bbbb.webp'))];
    const first = planPublish(articles, LIVE);
    const second = planPublish(articles, { items: listAfter(first.steps), inKv: true });
    expect(labels(second.steps)).toEqual(['put-files articles', 'put-files index counts']);
    expect(second.steps[0]).toEqual(first.steps[0]);
  });

  it('keeps live entries it cannot read, untouched', () => {
    const odd = { slug: 'estranha', titulo: 'x' } as unknown as NewsItem;
    const plan = planPublish([prepared(item('nova', '2025-06-01'))], { items: [...LIVE_ITEMS, odd], inKv: true });
    expect(listAfter(plan.steps)).toContainEqual(odd);
  });
});

describe('unpublish plan', () => {
  it('writes the index without the article first, then deletes its body and images', () => {
    const plan = planUnpublish('b', LIVE)!;
    expect(labels(plan.steps)).toEqual(['put-files index', 'put-files index counts', 'delete-files old index entries', 'delete-files article']);
    expect(listAfter(plan.steps).map((entry) => entry.slug)).toEqual(['a', 'c']);
    expect(plan.steps.at(-1)).toMatchObject({ keys: ['noticias/b.html', ...imageKeysOf('b-aaaa.webp')] });
  });

  it('is null for an article that is not live', () => {
    expect(planUnpublish('nao-existe', LIVE)).toBeNull();
  });
});
