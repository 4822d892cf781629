import { variantFiles } from '../../src/content/image-variants.ts';
import { buildIndex, INDEX_META_KEY } from '../../src/content/news-index.ts';
import type { NewsItem } from '../../src/content/news-item.ts';
import { bodyKey, imageKey } from '../../src/content/paths.ts';
import type { PreparedArticle } from './check-article.ts';

/** One write to KV. Images are bytes; everything else is text. */
export interface KvEntry {
  key: string;
  value: string | Buffer;
}

/**
 * The steps of a publish or unpublish, in the order they must run. The order
 * is the safety: on publish, article files before the index and the index's
 * counts (index/meta.json) last, so no reader sees a card without its article;
 * on unpublish, the index before the files, so no card points at a deleted one.
 */
export type Step =
  | { kind: 'put-files'; label: string; entries: KvEntry[] }
  | { kind: 'delete-files'; label: string; keys: string[] };

export interface Plan {
  steps: Step[];
  added: string[];
  updated: string[];
  removed: string[];
}

/** The live list, and whether it is in KV (else it is the bundled list, with no index in KV). */
export interface Live {
  items: readonly NewsItem[];
  inKv: boolean;
}

/** An image's KV keys: the published original and its responsive variants. */
const imageKeys = (file: string) => [imageKey(file), ...variantFiles(file).map(imageKey)];

/**
 * The index writes that turn the live list into `next`: only the keys whose
 * value changes (a new article touches a few of them, not the whole archive),
 * the counts last, then the keys `next` no longer has.
 */
function indexSteps(live: Live, next: readonly NewsItem[]): Step[] {
  const before = live.inKv ? buildIndex(live.items) : new Map<string, string>();
  const after = buildIndex(next);
  const changed = [...after].filter(([key, value]) => key !== INDEX_META_KEY && before.get(key) !== value);
  const stale = [...before.keys()].filter((key) => !after.has(key));
  const steps: Step[] = [];
  if (changed.length > 0) steps.push({ kind: 'put-files', label: 'index', entries: changed.map(([key, value]) => ({ key, value })) });
  steps.push({ kind: 'put-files', label: 'index counts', entries: [{ key: INDEX_META_KEY, value: after.get(INDEX_META_KEY)! }] });
  if (stale.length > 0) steps.push({ kind: 'delete-files', label: 'old index entries', keys: stale });
  return steps;
}

/**
 * Publishing: each article's body, image and variants, then the index of the
 * merged list (the live list with these articles added or replaced), then the
 * images an update replaced. Running the same plan twice writes the same values.
 */
export function planPublish(articles: readonly PreparedArticle[], live: Live): Plan {
  const liveBySlug = new Map(live.items.map((item) => [item.slug, item]));
  const publishing = new Set(articles.map(({ item }) => item.slug));
  const next = [...live.items.filter((item) => !publishing.has(item.slug)), ...articles.map(({ item }) => item)];
  const replacedImages = articles
    .map(({ item }) => liveBySlug.get(item.slug))
    .filter((old): old is NewsItem => old !== undefined)
    .filter((old) => !articles.some(({ item }) => item.imagemAtual === old.imagemAtual))
    .flatMap((old) => imageKeys(old.imagemAtual));
  const steps: Step[] = [
    {
      kind: 'put-files',
      label: 'articles',
      entries: articles.flatMap(({ item, body, image, variants }) => [
        { key: item.htmlPath, value: body },
        { key: image.key, value: image.bytes },
        ...variants,
      ]),
    },
    ...indexSteps(live, next),
  ];
  if (replacedImages.length > 0) steps.push({ kind: 'delete-files', label: 'replaced images', keys: replacedImages });
  return {
    steps,
    added: articles.filter(({ item }) => !liveBySlug.has(item.slug)).map(({ item }) => item.slug),
    updated: articles.filter(({ item }) => liveBySlug.has(item.slug)).map(({ item }) => item.slug),
    removed: [],
  };
}

/** Unpublishing: the index without the article first, then its body and images. */
export function planUnpublish(slug: string, live: Live): Plan | null {
  const item = live.items.find((entry) => entry.slug === slug);
  if (!item) return null;
  return {
    steps: [
      ...indexSteps(live, live.items.filter((entry) => entry.slug !== slug)),
      { kind: 'delete-files', label: 'article', keys: [bodyKey(slug), ...imageKeys(item.imagemAtual)] },
    ],
    added: [],
    updated: [],
    removed: [slug],
  };
}

/** The plan as lines for `--dry-run` and for the log of a real run. */
export function describePlan(plan: Plan): string[] {
  return plan.steps.map((step, index) => {
    const keys = step.kind === 'put-files' ? step.entries.map((entry) => entry.key) : step.keys;
    const shown = keys.length > 6 ? `${keys.slice(0, 6).join(', ')}, … (${keys.length} in all)` : keys.join(', ');
    return `${index + 1}. ${step.kind === 'put-files' ? 'write' : 'delete'} ${step.label}: ${shown}`;
  });
}
