import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INDEX_META_KEY, parseIndexMeta } from '../../src/content/news-index.ts';
import type { NewsItem } from '../../src/content/news-item.ts';
import { contentHash } from '../content/content-hash.ts';
import type { KvStore } from '../content/kv-store.ts';
import { itemsOfListChunks } from '../content/list-chunks.ts';
import type { SyncInput } from './sync.ts';

/** Where `vite build` writes the bundled content (wrangler.toml, [assets]). */
const DIST = 'dist';

type Bundle = { list: NewsItem[]; files: Map<string, string | Buffer> };

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
  const files = new Map<string, string | Buffer>();
  for (const item of list) {
    const path = join(dist, item.htmlPath);
    if (existsSync(path)) files.set(item.htmlPath, readFileSync(path, 'utf8'));
  }
  return { list, files };
}

const asText = (value: string | Buffer | undefined) => (value === undefined ? null : value.toString());

/**
 * The live list, read as the publish command reads it (scripts/content/run.ts,
 * readLive; not imported from there, as that module loads the image tools,
 * which take seconds): KV's list chunks, or null while KV has no index (the
 * site then shows the bundled list). Refuses a list it cannot read whole:
 * a sync from part of it would remove the rest from the search.
 */
export async function readLiveList(store: Pick<KvStore, 'get'>): Promise<NewsItem[] | null> {
  const metaText = (await store.get([INDEX_META_KEY])).get(INDEX_META_KEY) ?? null;
  if (metaText === null) return null;
  const refuse = (why: string) =>
    new Error(`the live ${why}: the search index was left as it is. Repair the news index first (README, "For editors").`);
  let listKeys: readonly string[];
  try {
    listKeys = parseIndexMeta(metaText).listKeys;
  } catch (error) {
    throw refuse(`${INDEX_META_KEY} is not valid (${(error as Error).message})`);
  }
  return itemsOfListChunks(listKeys, await store.get(listKeys), contentHash, refuse);
}

/**
 * The live list and a reader of its bodies: KV's list, or the bundled one
 * while KV has no index. A body is read from KV, else from the bundle, as the
 * worker reads it (src/content/store.ts, readContent).
 */
export async function liveContent(
  store: Pick<KvStore, 'get'>,
  bundled: () => Promise<Bundle> = bundledContent,
): Promise<Pick<SyncInput, 'items' | 'bodies'>> {
  let bundle: Promise<Bundle> | undefined;
  const fromBundle = () => (bundle ??= bundled());
  const fromKv = await readLiveList(store);
  const items = fromKv ?? (await fromBundle()).list;
  return {
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
