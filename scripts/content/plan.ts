import type { NewsItem } from '../../src/content/news-item.ts';
import { NEWS_LIST_KEY } from '../../src/content/paths.ts';
import { sortNewsList } from './bundle.ts';
import { variantFiles } from '../../src/content/image-variants.ts';
import { bodyKey, imageKey } from '../../src/content/paths.ts';
import type { PreparedArticle } from './check-article.ts';

/** One write to KV. Images are bytes; everything else is text. */
export interface KvEntry {
  key: string;
  value: string | Buffer;
}

/**
 * The steps of a publish or unpublish, in the order they must run. The order
 * is the safety: files before the list on publish (no card without its
 * article), the list before the files on unpublish (no card left pointing at
 * a deleted article).
 */
export type Step =
  | { kind: 'put-files'; entries: KvEntry[] }
  | { kind: 'put-list'; list: NewsItem[] }
  | { kind: 'delete-files'; keys: string[] };

export interface Plan {
  steps: Step[];
  added: string[];
  updated: string[];
  removed: string[];
}

/** An image's KV keys: the published original and its responsive variants. */
const imageKeys = (file: string) => [imageKey(file), ...variantFiles(file).map(imageKey)];

/**
 * Publishing: write each article's body and image, then the merged list
 * (the live list with these articles added or replaced), then delete images an
 * update replaced. Running the same plan twice writes the same values.
 */
export function planPublish(articles: readonly PreparedArticle[], live: readonly NewsItem[]): Plan {
  const liveBySlug = new Map(live.map((item) => [item.slug, item]));
  const publishing = new Set(articles.map(({ item }) => item.slug));
  const list = sortNewsList([...live.filter((item) => !publishing.has(item.slug)), ...articles.map(({ item }) => item)]);
  const replacedImages = articles
    .map(({ item }) => liveBySlug.get(item.slug))
    .filter((old): old is NewsItem => old !== undefined)
    .filter((old) => !articles.some(({ item }) => item.imagemAtual === old.imagemAtual))
    .flatMap((old) => imageKeys(old.imagemAtual));
  const steps: Step[] = [
    {
      kind: 'put-files',
      entries: articles.flatMap(({ item, body, image, variants }) => [
        { key: item.htmlPath, value: body },
        { key: image.key, value: image.bytes },
        ...variants,
      ]),
    },
    { kind: 'put-list', list },
  ];
  if (replacedImages.length > 0) steps.push({ kind: 'delete-files', keys: replacedImages });
  return {
    steps,
    added: articles.filter(({ item }) => !liveBySlug.has(item.slug)).map(({ item }) => item.slug),
    updated: articles.filter(({ item }) => liveBySlug.has(item.slug)).map(({ item }) => item.slug),
    removed: [],
  };
}

/** Unpublishing: the list without the article first, then its body and image. */
export function planUnpublish(slug: string, live: readonly NewsItem[]): Plan | null {
  const item = live.find((entry) => entry.slug === slug);
  if (!item) return null;
  return {
    steps: [
      { kind: 'put-list', list: live.filter((entry) => entry.slug !== slug) },
      { kind: 'delete-files', keys: [bodyKey(slug), ...imageKeys(item.imagemAtual)] },
    ],
    added: [],
    updated: [],
    removed: [slug],
  };
}

/** The plan as lines for `--dry-run` and for the log of a real run. */
export function describePlan(plan: Plan): string[] {
  return plan.steps.map((step, index) => {
    const n = `${index + 1}.`;
    switch (step.kind) {
      case 'put-files':
        return `${n} write ${step.entries.length} file(s): ${step.entries.map((entry) => entry.key).join(', ')}`;
      case 'put-list':
        return `${n} write ${NEWS_LIST_KEY} with ${step.list.length} article(s)`;
      case 'delete-files':
        return `${n} delete ${step.keys.join(', ')}`;
    }
  });
}
