import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { contentHash } from '../../../src/content/index/content-hash.ts';
import type { NewsItem } from '../../../src/content/schema/news-item.ts';
import type { Target } from '../../../src/publishing/stores/kv-store.ts';
import { CONTENT_DIR } from '../bundle/bundle.ts';
import { checkContent } from '../check/check-folder.ts';

/**
 * What `content:check` checks a folder against: the live list (for links and
 * duplicate titles) and the live author registry, from the same place
 * `content:publish` reads them (src/publishing/run/run.ts, readLive): the local store `npm start`
 * reads (.wrangler/state) by default, production with `--remote`; while
 * nothing was published there, the bundled content (content/), which is what
 * the site shows then. `source` says which, in the editors' words.
 */
export interface CheckContext {
  live: readonly NewsItem[];
  liveAuthors: string[];
  source: string;
}

/** Where wrangler keeps the local KV store (wrangler.toml has no persist_to). */
const LOCAL_KV_DIR = join('.wrangler', 'state', 'v3', 'kv');

/** The bundled content as the live list, without building its image variants (a check needs slugs, titles and authors). */
async function bundledContext(why: string): Promise<CheckContext> {
  const { articles, registry } = await checkContent(CONTENT_DIR, [], undefined, { bundled: true });
  return {
    live: articles.map((article) => article.item),
    liveAuthors: Object.keys(registry.authors),
    source: `conteúdo de exemplo (${CONTENT_DIR}/, ${articles.length} artigo(s)): ${why}`,
  };
}

const hasLocalStore = (dir = LOCAL_KV_DIR) => existsSync(dir) && readdirSync(dir).length > 0;

/** The local store's databases: KV and D1 (the publish state), whose files change with every write. */
const LOCAL_STATE_DIRS = [LOCAL_KV_DIR, join('.wrangler', 'state', 'v3', 'd1')];
/** The last live list and authors read from the local store, with the stamp of its files then. */
const LOCAL_CONTEXT_CACHE = join('node_modules', '.cache', 'casa-em-pauta', 'check-context-local.json');

/**
 * A stamp of the local store's files (path, size, modification time): any
 * write to KV or D1 (a publish, an unpublish, npm start's first sync)
 * changes a database file or its write-ahead log, so an unchanged stamp means
 * an unchanged store. It lets a check skip starting wrangler and workerd
 * (about 7 s of CPU) to read a list it read before.
 */
export function localStamp(dirs: readonly string[] = LOCAL_STATE_DIRS): string {
  const hash = createHash('sha256');
  for (const root of dirs) {
    if (!existsSync(root)) continue;
    for (const name of (readdirSync(root, { recursive: true }) as string[]).sort()) {
      // The databases and their logs: every write goes through them (a KV value's blob file is named in
      // its database). A -shm file is SQLite's shared-memory index of the log, touched by every reader.
      if (!/\.sqlite(?:-wal)?$/.test(name)) continue;
      // Another process may delete a file between the listing and this look (its journal, say): gone is no data.
      const stat = statSync(join(root, name), { bigint: true, throwIfNoEntry: false });
      if (stat?.isFile()) hash.update(`${root}/${name} ${stat.size} ${stat.mtimeNs}\n`);
    }
  }
  return hash.digest('hex');
}

/** The live list and authors the next local check would reuse without reading the store; null when it must read it. */
export const keptLocalContext = () => cachedLocalContext(localStamp());

function cachedLocalContext(stamp: string): CheckContext | null {
  try {
    const cached = JSON.parse(readFileSync(LOCAL_CONTEXT_CACHE, 'utf8')) as { stamp: string; context: CheckContext };
    return cached.stamp === stamp ? cached.context : null;
  } catch {
    return null;
  }
}

/** Production's live list and authors, as the newsroom's API reads them (scripts/lib/newsroom-client.ts). */
async function remoteContext(): Promise<CheckContext> {
  const { openNewsroom } = await import('../../lib/newsroom-client.ts');
  const newsroom = openNewsroom();
  const live = await newsroom.live();
  return {
    live: live.items as NewsItem[],
    liveAuthors: live.authors,
    source: `produção (${newsroom.site.origin}, pela redação): ${live.items.length} artigo(s) e ${live.authors.length} autor(es) no ar`,
  };
}

/** The check's context for a target; wrangler (slow to load) is loaded only when there is a store to read. */
export async function checkContext(target: Target = 'local'): Promise<CheckContext> {
  if (target === 'remote') return remoteContext();
  if (!hasLocalStore()) {
    return bundledContext('o site local (.wrangler/state) ainda não tem nada publicado');
  }
  const stamp = localStamp();
  const cached = cachedLocalContext(stamp);
  if (cached) return cached;
  const [{ openStore }, { readLive }, { localPublishDb }] = await Promise.all([
    import('./kv.ts'),
    import('../../../src/publishing/run/read-live.ts'),
    import('./publish-db.ts'),
  ]);
  const where = 'site local (.wrangler/state)';
  let bundled: CheckContext | undefined;
  try {
    const live = await readLive(openStore(), {
      target,
      hash: contentHash,
      db: localPublishDb(),
      kvSettleMs: 0,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      bundled: async () => {
        bundled = await bundledContext(`o ${where} ainda não tem nada publicado`);
        return { list: [...bundled.live], files: new Map() };
      },
    });
    if (live.metaText === null && bundled) return bundled;
    const liveAuthors = Object.keys(live.authors ?? {});
    const context = {
      live: live.items,
      liveAuthors,
      source: `${where}: ${live.items.length} artigo(s) e ${liveAuthors.length} autor(es) no ar`,
    };
    // Read with wrangler, which may have touched the files as it opened them: the stamp is taken again.
    mkdirSync(dirname(LOCAL_CONTEXT_CACHE), { recursive: true });
    writeFileSync(LOCAL_CONTEXT_CACHE, JSON.stringify({ stamp: localStamp(), context }));
    return context;
  } catch (cause) {
    const why = (cause as Error).message.split('\n')[0];
    return bundledContext(`não consegui ler o ${where} (${why}); rode o check de novo depois de corrigir isso`);
  }
}
