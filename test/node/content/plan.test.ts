import { describe, expect, it } from 'vitest';
import type { PreparedArticle } from '../../../scripts/content/check-article';
import { planPublish, planUnpublish } from '../../../scripts/content/plan';
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

const LIVE = [item('b', '2025-05-01'), item('a', '2025-01-01'), item('c', '2025-09-01')];

describe('publish plan', () => {
  it('writes bodies and images before the list', () => {
    const plan = planPublish([prepared(item('nova', '2025-06-01'))], LIVE);
    expect(plan.steps.map((step) => step.kind)).toEqual(['put-files', 'put-list']);
    const [files] = plan.steps;
    expect(files).toEqual({
      kind: 'put-files',
      entries: [
        { key: 'noticias/nova.html', value: '<p>nova</p>' },
        { key: 'thumbnails/nova-aaaa.webp', value: Buffer.from('nova-aaaa.webp') },
        { key: 'thumbnails/nova-aaaa-480w.avif', value: Buffer.from('avif') },
      ],
    });
  });

  it('merges with what is live: every live article stays, newest first', () => {
    const plan = planPublish([prepared(item('nova', '2025-06-01'))], LIVE);
    const list = plan.steps.find((step) => step.kind === 'put-list')!;
    expect(list.kind === 'put-list' && list.list.map((entry) => entry.slug)).toEqual(['c', 'nova', 'b', 'a']);
    expect(plan.added).toEqual(['nova']);
    expect(plan.updated).toEqual([]);
  });

  it('updates an article in place, and deletes the image it replaced after the list', () => {
    const plan = planPublish([prepared(item('b', '2025-05-02', 'b-bbbb.webp'))], LIVE);
    expect(plan.steps.map((step) => step.kind)).toEqual(['put-files', 'put-list', 'delete-files']);
    const list = plan.steps[1]!;
    expect(list.kind === 'put-list' && list.list.filter((entry) => entry.slug === 'b')).toEqual([item('b', '2025-05-02', 'b-bbbb.webp')]);
    expect(plan.steps[2]).toEqual({ kind: 'delete-files', keys: imageKeysOf('b-aaaa.webp') });
    expect(plan.updated).toEqual(['b']);
  });

  it('is idempotent: publishing again over its own result writes the same and deletes nothing', () => {
    const articles = [prepared(item('nova', '2025-06-01')), prepared(item('b', '2025-05-02', 'b-bbbb.webp'))];
    const first = planPublish(articles, LIVE);
    const listAfter = first.steps.find((step) => step.kind === 'put-list')!;
    const second = planPublish(articles, listAfter.kind === 'put-list' ? listAfter.list : []);
    expect(second.steps.map((step) => step.kind)).toEqual(['put-files', 'put-list']);
    expect(second.steps[0]).toEqual(first.steps[0]);
    expect(second.steps[1]).toEqual(listAfter);
  });

  it('keeps live entries it cannot read, untouched', () => {
    const odd = { slug: 'estranha', titulo: 'x' } as unknown as NewsItem;
    const plan = planPublish([prepared(item('nova', '2025-06-01'))], [...LIVE, odd]);
    const list = plan.steps[1]!;
    expect(list.kind === 'put-list' && list.list).toContainEqual(odd);
  });
});

describe('unpublish plan', () => {
  it('removes the article from the list first, then deletes its body and image', () => {
    const plan = planUnpublish('b', LIVE)!;
    expect(plan.steps).toEqual([
      { kind: 'put-list', list: [LIVE[0]!, LIVE[1]!, LIVE[2]!].filter((entry) => entry.slug !== 'b') },
      { kind: 'delete-files', keys: ['noticias/b.html', ...imageKeysOf('b-aaaa.webp')] },
    ]);
  });

  it('is null for an article that is not live', () => {
    expect(planUnpublish('nao-existe', LIVE)).toBeNull();
  });
});
