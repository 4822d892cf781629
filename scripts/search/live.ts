import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseIndexMeta } from '../../src/content/index-parse.ts';
import { INDEX_META_KEY } from '../../src/content/news-index.ts';
import type { NewsItem } from '../../src/content/news-item.ts';
import type { KvStore } from '../../src/publishing/kv-store.ts';
import { itemsOfListChunks } from '../../src/publishing/list-chunks.ts';
import { contentHash } from '../content/content-hash.ts';
import type { SearchDb } from './search-db.ts';
import { type SyncInput, type SyncResult, syncSearch } from './sync.ts';

/** Where `vite build` writes the bundled content (wrangler.toml, [assets]). */
const DIST = 'dist';

type Bundle = { list: NewsItem[]; files: ReadonlyMap<string, string | Uint8Array> };

/**
 * The bundled list and bodies as the site serves them: from dist/ when it is
 * built (what `npm start` and a deploy use), else built from content/ (the
 * same files, slower: it checks every article and its images).
 */
export async function bundledContent(dist = DIST): Promise<Bundle> {
  const metaPath = join(dist, INDEX_META_KEY);
  // Imported only then: building the bundle loads the image tools, which take seconds to load.
  if (!existsSync(metaPath)) return (await import('../content/bundle.ts')).buildContentBundle();
  const list = parseIndexMeta(readFileSync(metaPath, 'utf8')).listKeys.flatMap(
    (key) => JSON.parse(readFileSync(join(dist, key), 'utf8')) as NewsItem[],
  );
  const files = new Map<string, string | Uint8Array>();
  for (const item of list) {
    const path = join(dist, item.htmlPath);
    if (existsSync(path)) files.set(item.htmlPath, readFileSync(path, 'utf8'));
  }
  return { list, files };
}

const asText = (value: string | Uint8Array | undefined) =>
  value === undefined ? null : typeof value === 'string' ? value : new TextDecoder().decode(value);

/** The live list and the meta text it was read from (null while KV has no index). */
export interface LiveList {
  metaText: string | null;
  items: NewsItem[] | null;
}

const readMetaText = async (store: Pick<KvStore, 'get'>) => (await store.get([INDEX_META_KEY])).get(INDEX_META_KEY) ?? null;

/**
 * The live list, read as the publish command reads it (scripts/content/run.ts,
 * readLive; not imported from there, as that module loads the image tools,
 * which take seconds): KV's list chunks, or null while KV has no index (the
 * site then shows the bundled list). Refuses a list it cannot read whole:
 * a sync from part of it would remove the rest from the search.
 */
export async function readLiveList(store: Pick<KvStore, 'get'>): Promise<LiveList> {
  const metaText = await readMetaText(store);
  if (metaText === null) return { metaText, items: null };
  const refuse = (why: string) =>
    new Error(
      `lista ao vivo ilegível (${why}): o índice da busca ficou como estava. Conserte antes o índice de notícias (README, "For editors").`,
    );
  let listKeys: readonly string[];
  try {
    listKeys = parseIndexMeta(metaText).listKeys;
  } catch (error) {
    throw refuse(`${INDEX_META_KEY} não é válido: ${(error as Error).message}`);
  }
  return { metaText, items: itemsOfListChunks(listKeys, await store.get(listKeys), contentHash, refuse) };
}

/**
 * The live list and a reader of its bodies: KV's list, or the bundled one
 * while KV has no index. A body is read from KV, else from the bundle, as the
 * worker reads it (src/content/store.ts, readContent).
 */
export async function liveContent(
  store: Pick<KvStore, 'get'>,
  bundled: () => Promise<Bundle> = bundledContent,
): Promise<Pick<SyncInput, 'items' | 'bodies'> & { metaText: string | null }> {
  let bundle: Promise<Bundle> | undefined;
  const fromBundle = () => (bundle ??= bundled());
  const { metaText, items: fromKv } = await readLiveList(store);
  const items = fromKv ?? (await fromBundle()).list;
  return {
    metaText,
    items,
    async bodies(paths) {
      const found = fromKv ? await store.get(paths) : new Map<string, string | null>();
      const missing = paths.filter((path) => (found.get(path) ?? null) === null);
      if (missing.length > 0) {
        const { files } = await fromBundle();
        for (const path of missing) found.set(path, asText(files.get(path)));
      }
      return found;
    },
  };
}

/** Syncs before giving up when the news index keeps changing under them. */
export const MAX_SYNC_ATTEMPTS = 5;

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

/**
 * A sync from the live list that cannot leave the search behind it. A
 * publish and an unpublish of one article can each sync right after their
 * switch: the one that read the list first may write last, and would put
 * back an article just removed (or remove one just published). So after
 * writing, the sync reads the index's meta again: unchanged, what it wrote
 * matches what is live, and any later switch is followed by its own run's
 * sync, which starts after this one's writes; changed, it syncs again from
 * the new list (at most MAX_SYNC_ATTEMPTS times). Written and deleted slugs
 * are those of every attempt.
 */
export async function syncLive(
  db: SearchDb,
  store: Pick<KvStore, 'get'>,
  { slugs, log, bundled }: Pick<SyncInput, 'slugs' | 'log'> & { bundled?: () => Promise<Bundle> } = {},
): Promise<SyncResult> {
  let done: SyncResult = { written: [], deleted: [], unchanged: 0 };
  for (let attempt = 1; attempt <= MAX_SYNC_ATTEMPTS; attempt++) {
    const { metaText, ...live } = await liveContent(store, bundled);
    const result = await syncSearch(db, { ...live, slugs, log });
    done = { written: union(done.written, result.written), deleted: union(done.deleted, result.deleted), unchanged: result.unchanged };
    if ((await readMetaText(store)) === metaText) return done;
    log?.('  busca: o índice de notícias mudou durante a sincronização (outra publicação): sincronizando de novo com a lista nova');
  }
  throw new Error(
    `o índice de notícias mudou seguidamente durante a sincronização da busca (${MAX_SYNC_ATTEMPTS} tentativas): rode de novo quando as outras publicações terminarem`,
  );
}
