import { BODY_FOLDER, imageKey } from '../../src/content/format.ts';
import { variantFiles } from '../../src/content/image-variants.ts';
import { buildIndex, type ContentHash, INDEX_META_KEY, indexKeysOf, parseIndexMeta } from '../../src/content/news-index.ts';
import type { NewsItem } from '../../src/content/news-item.ts';
import type { PreparedArticle } from './check-article.ts';
import type { KvEntry } from './kv-store.ts';
import { DELETE_AFTER_MS } from './pending-deletes.ts';

/** The live index as a run read it. */
export interface Live {
  /** The live list: KV's, or the bundled one when KV has no index. Entries exactly as stored. */
  items: readonly NewsItem[];
  /** index/meta.json's text; null when KV has none (the site then shows the bundled list). */
  metaText: string | null;
  /** The keys KV holds under index/, when read: a chunk the meta names but KV lacks is written again. */
  existing?: ReadonlySet<string>;
  /** The bundled articles' files, when the live list is the bundled one (see {@link planChange}). */
  bundleFiles?: ReadonlyMap<string, string | Buffer>;
}

/**
 * What a publish or unpublish does. Nothing it writes before the switch is
 * visible: article files and index chunks have keys named by their content,
 * so they never replace what a reader uses. Writing `metaText` to
 * index/meta.json is the switch; the keys the old index named are deleted
 * only after DELETE_AFTER_MS (pending-deletes.ts), once no cached page or
 * isolate can still use them.
 */
export interface Plan {
  /** The list after the switch. */
  next: readonly NewsItem[];
  /** index/meta.json for `next`: written last, the atomic switch. */
  metaText: string;
  /** Article files (bodies, images, variants), then the index chunks the live store lacks. */
  writes: KvEntry[];
  /** Keys this plan writes that nothing names yet: deleted later if the switch never happens. */
  fresh: string[];
  /** Keys the live index names and `next` does not: deleted after the bound. */
  stale: string[];
  added: string[];
  updated: string[];
  removed: string[];
  /** What the plan had to repair in the live list (duplicates dropped), for the editor. */
  notes: string[];
}

/** An image's KV keys: the published original and its responsive variants. */
const imageKeys = (file: string) => [imageKey(file), ...variantFiles(file).map(imageKey)];

/** The KV keys an entry's page reads: its body and its image with the variants (odd entries: what they name). */
function articleKeys(item: NewsItem): string[] {
  const keys: string[] = [];
  if (typeof item.htmlPath === 'string' && item.htmlPath.startsWith(BODY_FOLDER)) keys.push(item.htmlPath);
  if (typeof item.imagemAtual === 'string' && item.imagemAtual !== '') keys.push(...imageKeys(item.imagemAtual));
  return keys;
}

/**
 * Every KV key the live site reads through this index: the chunks its meta
 * names and each article's body and images. Empty when KV has no index (the
 * bundled content is in the static assets, not in KV).
 */
export function referencedKeys(live: Pick<Live, 'items' | 'metaText'>): Set<string> {
  if (live.metaText === null) return new Set();
  return new Set([...indexKeysOf(parseIndexMeta(live.metaText)), ...live.items.flatMap(articleKeys)]);
}

/** The list with each slug once (the first entry kept), and a note per slug that was doubled. */
function withoutDuplicates(items: readonly NewsItem[]): { items: NewsItem[]; notes: string[] } {
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
  const notes = [...doubled].map((slug) => `the live list named "${slug}" more than once: kept its first entry, dropped the others`);
  return { items: kept, notes };
}

/**
 * The writes, the switch and the deferred deletions that turn the live list into `next`.
 *
 * The first publish over the bundled list also copies the bundled articles'
 * bodies and images into KV: once KV has an index, those entries name files
 * of this build, and a later deploy that changes a sample article (a new
 * content-addressed name) would otherwise leave them pointing at nothing.
 */
function planChange(
  live: Live,
  next: NewsItem[],
  articleFiles: KvEntry[],
  hash: ContentHash,
): Omit<Plan, 'added' | 'updated' | 'removed' | 'notes'> {
  const own = new Set(articleFiles.map(({ key }) => key));
  const bundle = live.bundleFiles;
  const carried = bundle
    ? next
        .flatMap(articleKeys)
        .filter((key) => !own.has(key) && bundle.has(key))
        .map((key) => ({ key, value: bundle.get(key)! }))
    : [];
  articleFiles = [...articleFiles, ...carried];
  const files = buildIndex(next, hash);
  const metaText = files.get(INDEX_META_KEY)!;
  files.delete(INDEX_META_KEY);
  const before = referencedKeys(live);
  // A chunk is written when the store lacks it (when known), else when the live index does not name it.
  const missing = (key: string) => (live.existing ? !live.existing.has(key) : !before.has(key));
  const writes = [...articleFiles, ...[...files].filter(([key]) => missing(key)).map(([key, value]) => ({ key, value }))];
  const after = referencedKeys({ items: next, metaText });
  return {
    next,
    metaText,
    writes,
    fresh: writes.map(({ key }) => key).filter((key) => !before.has(key)),
    stale: [...before].filter((key) => !after.has(key)),
  };
}

/**
 * Publishing: each article's body, image and variants, and the index of the
 * merged list (the live list with these articles added or replaced, each slug
 * once). Running the same plan twice writes the same values.
 */
export function planPublish(articles: readonly PreparedArticle[], live: Live, hash: ContentHash): Plan {
  const publishing = new Set<string>();
  for (const { item } of articles) {
    if (publishing.has(item.slug))
      throw new Error(`two of the folders are the article "${item.slug}": publish one of them (nothing was written)`);
    publishing.add(item.slug);
  }
  const { items: liveItems, notes } = withoutDuplicates(live.items);
  const liveSlugs = new Set(liveItems.map((item) => item.slug));
  const next = [...liveItems.filter((item) => !publishing.has(item.slug)), ...articles.map(({ item }) => item)];
  const articleFiles = articles.flatMap(({ item, body, image, variants }) => [
    { key: item.htmlPath, value: body },
    { key: image.key, value: image.bytes },
    ...variants,
  ]);
  return {
    ...planChange(live, next, articleFiles, hash),
    added: [...publishing].filter((slug) => !liveSlugs.has(slug)),
    updated: [...publishing].filter((slug) => liveSlugs.has(slug)),
    removed: [],
    notes,
  };
}

/** Unpublishing: the index without the article; its body and images go after the bound. Null when it is not live. */
export function planUnpublish(slug: string, live: Live, hash: ContentHash): Plan | null {
  const { items: liveItems, notes } = withoutDuplicates(live.items);
  if (!liveItems.some((entry) => entry.slug === slug)) return null;
  const next = liveItems.filter((entry) => entry.slug !== slug);
  return { ...planChange(live, next, [], hash), added: [], updated: [], removed: [slug], notes };
}

/** Whether a list read back after the switch shows the plan's effect (its articles listed, or gone). */
export function planLanded(plan: Plan, items: readonly NewsItem[]): boolean {
  const slugs = new Set(items.map((item) => item.slug));
  return [...plan.added, ...plan.updated].every((slug) => slugs.has(slug)) && plan.removed.every((slug) => !slugs.has(slug));
}

const shownKeys = (keys: readonly string[]) =>
  keys.length > 6 ? `${keys.slice(0, 6).join(', ')}, … (${keys.length} in all)` : keys.join(', ') || 'none';

/** The plan as lines for `--dry-run` and for the log of a real run. */
export function describePlan(plan: Plan): string[] {
  const articleFiles = plan.writes.filter(({ key }) => !key.startsWith('index/')).map(({ key }) => key);
  const chunks = plan.writes.filter(({ key }) => key.startsWith('index/')).map(({ key }) => key);
  const count = plan.next.length;
  const change = [
    plan.added.length > 0 ? `${plan.added.length} new` : '',
    plan.updated.length > 0 ? `${plan.updated.length} updated` : '',
    plan.removed.length > 0 ? `${plan.removed.length} removed` : '',
  ].filter(Boolean);
  return [
    `1. write article files (not shown until step 3): ${shownKeys(articleFiles)}`,
    `2. write index chunks (new keys, not shown until step 3): ${shownKeys(chunks)}`,
    `3. switch ${INDEX_META_KEY}: ${count} article(s)${change.length > 0 ? ` (${change.join(', ')})` : ''}`,
    `4. delete, ${DELETE_AFTER_MS / 60_000} minutes after the switch: ${shownKeys(plan.stale)}`,
  ];
}
