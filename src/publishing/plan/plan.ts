import { buildIndex, type StoredAuthor } from '#src/content/index/index-build.ts';
import { collectionPageKeys, parseIndexMeta } from '#src/content/index/index-parse.ts';
import { type ContentHash, INDEX_META_KEY, indexKeysOf } from '#src/content/index/news-index.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import type { KvEntry } from '../stores/kv-store';
import { articleKeys, type Live, photoKeys, referencedKeys } from './live';
import { canonical, mergedAuthors, withoutDuplicates } from './live-merge';
import { emptyRegistry, imageFiles, type LocalRegistry, type PreparedArticle, withRecordedImages } from './prepared-article';
import { ReplaceRefused, refusal } from './replace-refusal';
import { isScheduled, scheduledFor } from './scheduled';

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
  /** Articles published exactly as they are live (same body, image and fields): nothing written for them. */
  unchanged: string[];
  /** What the run writes again because KV lacks it or holds it altered: articles' slugs, then index keys. */
  repaired: string[];
  /** What happens to each article the run names, in the order given, for the editor. */
  articles: PlanArticle[];
  /** What the plan had to repair in the live list (duplicates dropped), for the editor. */
  notes: string[];
  /** What the editor may have forgotten (a corrected body without "atualizado"): never blocks. */
  warnings: string[];
  /** The registry after the switch. */
  authors: Readonly<Record<string, StoredAuthor>>;
  /** The slugs of the authors this run adds or changes in the registry. */
  authorsChanged: string[];
  /** The collections' files of `next`, by key (see {@link Live.collectionTexts}). */
  collectionTexts: ReadonlyMap<string, string>;
}

/** One article of a plan, as the editor sees it. */
export interface PlanArticle {
  slug: string;
  /** Its title after the run (for a removed article: the live one). */
  titulo: string;
  /** `repaired`: as live, but KV lacked or held altered some of its files, which are written again. */
  change: 'new' | 'updated' | 'unchanged' | 'repaired' | 'removed';
  /** The live article an update replaces: its title and publication date. */
  replaces?: { titulo: string; data: string };
  /** When its `data` is still to come: when it shows, `dd/MM/yyyy HH:mm` (Brasília). */
  scheduled?: string;
}

export interface PublishOptions {
  /** Allows replacing a live article whose title differs from the folder's. */
  replace?: boolean;
  /** The time the plan is made at (which articles are scheduled); now by default. */
  now?: number;
  /** The author registry beside the folders: merged into the live one (an author is never removed by a publish). */
  registry?: LocalRegistry;
}

/**
 * The writes, the switch and the deferred deletions that turn the live list into `next`.
 *
 * The first publish over the bundled list also copies the bundled articles'
 * bodies and images, and the bundled authors' photos, into KV (the bundled
 * registry is the live one then, see readLive): once KV has an index, those entries name files
 * of this build, and a later deploy that changes a sample article (a new
 * content-addressed name) would otherwise leave them pointing at nothing.
 */
function planChange(
  live: Live,
  next: NewsItem[],
  articleFiles: KvEntry[],
  hash: ContentHash,
  now = Date.now(),
  authors: Readonly<Record<string, StoredAuthor>> = live.authors ?? {},
): Pick<Plan, 'next' | 'metaText' | 'writes' | 'fresh' | 'stale' | 'authors' | 'collectionTexts'> {
  const own = new Set(articleFiles.map(({ key }) => key));
  const bundle = live.bundleFiles;
  const carried = bundle
    ? [...next.flatMap(articleKeys), ...photoKeys(authors)]
        .filter((key) => !own.has(key) && bundle.has(key))
        .map((key) => ({ key, value: bundle.get(key)! }))
    : [];
  articleFiles = [...articleFiles, ...carried];
  const files = buildIndex(next, hash, now, authors);
  const metaText = files.get(INDEX_META_KEY)!;
  files.delete(INDEX_META_KEY);
  const collectionTexts = new Map([...parseIndexMeta(metaText).collections.values()].map((key) => [key, files.get(key)!]));
  const before = referencedKeys(live);
  // A chunk is written when the live index does not name it, or the store lacks it (when known). A key the
  // live index does not name is written even when KV lists it: it may be waiting for deletion, and a remote
  // listing may still show a key deleted a moment ago.
  const damaged = new Set(live.damaged);
  const missing = (key: string) => !before.has(key) || (live.existing !== undefined && !live.existing.has(key)) || damaged.has(key);
  const writes = [...articleFiles, ...[...files].filter(([key]) => missing(key)).map(([key, value]) => ({ key, value }))];
  const after = referencedKeys({ items: next, metaText, authors, collectionTexts });
  return {
    next,
    metaText,
    authors,
    collectionTexts,
    writes,
    fresh: writes.map(({ key }) => key).filter((key) => !before.has(key)),
    stale: [...before].filter((key) => !after.has(key)),
  };
}

/**
 * Publishing: each article's body, image and variants, and the index of the
 * merged list (the live list with these articles added or replaced, each slug
 * once). Running the same plan twice writes the same values. An article
 * exactly as live (its entry names the same content-addressed body and image,
 * and every field is equal) is left alone: nothing is written for it.
 * Replacing a live article whose title differs (a copied folder not renamed)
 * throws {@link ReplaceRefused} unless `replace` is set.
 */
export function planPublish(
  articles: readonly PreparedArticle[],
  live: Live,
  hash: ContentHash,
  { replace = false, now = Date.now(), registry = emptyRegistry() }: PublishOptions = {},
): Plan {
  articles = articles.map(withRecordedImages);
  const publishing = new Set<string>();
  for (const { item } of articles) {
    if (publishing.has(item.slug)) throw new Error(`duas das pastas são o artigo "${item.slug}": publique só uma delas (nada foi gravado)`);
    publishing.add(item.slug);
  }
  const { items: liveItems, notes } = withoutDuplicates(live.items);
  const liveBySlug = new Map(liveItems.map((item) => [item.slug, item]));
  const damaged = new Set(live.damaged);
  const planned: PlanArticle[] = [];
  const warnings: string[] = [];
  for (const { item } of articles) {
    const old = liveBySlug.get(item.slug);
    const scheduled = isScheduled(item.data, now) ? { scheduled: scheduledFor(item.data) } : {};
    if (!old) {
      planned.push({ slug: item.slug, titulo: item.titulo, change: 'new', ...scheduled });
      continue;
    }
    if (canonical(old) === canonical(item)) {
      const intact = !articleKeys(item).some((key) => damaged.has(key));
      planned.push({ slug: item.slug, titulo: item.titulo, change: intact ? 'unchanged' : 'repaired', ...scheduled });
      continue;
    }
    planned.push({
      slug: item.slug,
      titulo: item.titulo,
      change: 'updated',
      replaces: { titulo: old.titulo, data: old.data },
      ...scheduled,
    });
    if (old.htmlPath !== item.htmlPath && old.atualizado === item.atualizado) {
      warnings.push(
        `AVISO: o texto de "${item.slug}" mudou, mas "atualizado" não: se é uma correção, ponha atualizado: AAAA-MM-DD (o dia da correção) no cabeçalho do index.md do artigo, para o leitor ver que ele foi corrigido`,
      );
    }
  }
  const message = refusal(planned);
  if (message && !replace) throw new ReplaceRefused(message);
  const unchanged = new Set(planned.filter(({ change }) => change === 'unchanged').map(({ slug }) => slug));
  const changing = articles.filter(({ item }) => !unchanged.has(item.slug));
  const next = [...liveItems.filter((item) => !publishing.has(item.slug) || unchanged.has(item.slug)), ...changing.map(({ item }) => item)];
  const { authors, changed, photos } = mergedAuthors(live, registry);
  const articleFiles = [
    ...changing.flatMap((article) => [{ key: article.item.htmlPath, value: article.body }, ...imageFiles(article)]),
    ...photos,
  ];
  return {
    ...planChange(live, next, articleFiles, hash, now, authors),
    authorsChanged: changed,
    added: planned.filter(({ change }) => change === 'new').map(({ slug }) => slug),
    updated: planned.filter(({ change }) => change === 'updated').map(({ slug }) => slug),
    removed: [],
    unchanged: [...unchanged],
    repaired: [...planned.filter(({ change }) => change === 'repaired').map(({ slug }) => slug), ...brokenIndexKeys(live)],
    articles: planned,
    notes,
    warnings,
  };
}

/** Whether a plan changes nothing: articles all exactly as live and intact, no author added or changed, the index whole. */
export const changesNothing = (plan: Plan) =>
  plan.added.length + plan.updated.length + plan.removed.length + plan.authorsChanged.length + plan.repaired.length === 0;

/**
 * What a run does to the live index, for runChange (run.ts): the plan, or
 * null when there is nothing to do. `verify` names the stored files whose
 * presence and content the plan depends on: the run checks them first and
 * lists those KV lacks or holds altered in {@link Live.damaged}.
 */
export interface Change {
  (live: Live): Plan | null;
  verify?(live: Live): string[];
}

/** The change a publish makes to a live index: null when every article is exactly as live, its files intact. */
export function publishChange(articles: readonly PreparedArticle[], hash: ContentHash, options: PublishOptions = {}): Change {
  articles = articles.map(withRecordedImages);
  const change: Change = (live) => {
    const plan = planPublish(articles, live, hash, options);
    return changesNothing(plan) ? null : plan;
  };
  // The files of the folder's articles that are live as they are: a publish writes them again if KV lost or altered them.
  // While the site serves the bundle (no index in KV yet), the files are the build's, not KV's: nothing to check.
  change.verify = (live) => {
    if (live.metaText === null) return [];
    const bySlug = new Map(live.items.map((item) => [item.slug, item]));
    return articles.flatMap(({ item }) => (canonical(bySlug.get(item.slug)) === canonical(item) ? articleKeys(item) : []));
  };
  return change;
}

/** The index keys the live index names that KV lacks or holds altered (Live.existing, Live.damaged). */
function brokenIndexKeys(live: Live): string[] {
  if (live.metaText === null) return [];
  const meta = parseIndexMeta(live.metaText);
  const named = [
    ...indexKeysOf(meta),
    ...[...meta.collections].flatMap(([name, key]) => collectionPageKeys(name, live.collectionTexts?.get(key))),
  ];
  const damaged = new Set(live.damaged);
  return named.filter((key) => damaged.has(key) || (live.existing !== undefined && !live.existing.has(key)));
}

/**
 * The repair of a live index whose chunks KV lacks or holds altered: the same
 * list built again (the same keys, named by their content) and switched to.
 * Null when the index is whole.
 */
export function planRepair(live: Live, hash: ContentHash, now = Date.now()): Plan | null {
  const repaired = brokenIndexKeys(live);
  if (repaired.length === 0) return null;
  return {
    ...planChange(live, [...live.items], [], hash, now),
    authorsChanged: [],
    added: [],
    updated: [],
    removed: [],
    unchanged: [],
    repaired,
    articles: [],
    notes: [],
    warnings: [],
  };
}

/** Unpublishing: the index without the article; its body and images go after the bound. Null when it is not live. */
export function planUnpublish(slug: string, live: Live, hash: ContentHash): Plan | null {
  const { items: liveItems, notes } = withoutDuplicates(live.items);
  if (!liveItems.some((entry) => entry.slug === slug)) return null;
  const next = liveItems.filter((entry) => entry.slug !== slug);
  const titulo = liveItems.find((entry) => entry.slug === slug)!.titulo;
  return {
    ...planChange(live, next, [], hash),
    authorsChanged: [],
    added: [],
    updated: [],
    removed: [slug],
    unchanged: [],
    repaired: brokenIndexKeys(live),
    articles: [{ slug, titulo, change: 'removed' }],
    notes,
    warnings: [],
  };
}
