import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { NewsItem } from '../../../src/content/schema/news-item.ts';
import type { Target } from '../../../src/publishing/stores/kv-store.ts';
import { type Newsroom, openNewsroom } from '../../lib/newsroom-client.ts';
import { siteUrl } from '../../local-site.ts';
import { CONTENT_DIR } from '../bundle/bundle.ts';
import { checkContent } from './check-folder.ts';

/**
 * What `content:check` checks a folder against: the live list (for links and
 * duplicate titles) and the live author registry, from the same place
 * `content:publish` reads them, the newsroom's API: the local site's by
 * default, production's with `--remote`; while nothing was published locally,
 * the bundled content (content/), which is what the site shows then.
 * `source` says which, in the editors' words.
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
 * an unchanged store. It lets a check skip asking the local site (and
 * starting it, when `npm start` is not running) for a list it read before.
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

/** The live list and authors as a newsroom's API answers them, `where` naming it for the editor. */
async function newsroomContext(newsroom: Newsroom, where: string): Promise<CheckContext> {
  const live = await newsroom.live();
  return {
    live: live.items as NewsItem[],
    liveAuthors: live.authors,
    source: `${where}: ${live.items.length} artigo(s) e ${live.authors.length} autor(es) no ar`,
  };
}

/** The local site's live list and authors, as its newsroom answers them. */
export const localContextOf = (newsroom: Newsroom) => newsroomContext(newsroom, `site local (${newsroom.site.origin})`);

/**
 * Keeps the local site's live list and authors for the next check, with the
 * stamp of the store's files now: until they change, that check reads
 * nothing. Called once the session that read it is closed (a worker that
 * stops may still write its files).
 */
export function rememberLocalContext(context: CheckContext): void {
  mkdirSync(dirname(LOCAL_CONTEXT_CACHE), { recursive: true });
  writeFileSync(LOCAL_CONTEXT_CACHE, JSON.stringify({ stamp: localStamp(), context }));
}

/** The check's context for a target; the local site is asked only when its store has something published and changed since. */
export async function checkContext(target: Target = 'local', port?: number): Promise<CheckContext> {
  if (target === 'remote') {
    const newsroom = openNewsroom({ target });
    return newsroomContext(newsroom, `produção (${newsroom.site.origin}, pela redação)`);
  }
  if (!hasLocalStore()) {
    return bundledContext('o site local (.wrangler/state) ainda não tem nada publicado');
  }
  const cached = cachedLocalContext(localStamp());
  if (cached) return cached;
  const newsroom = openNewsroom({ target, localSite: siteUrl('local', port === undefined ? {} : { port }) });
  let context: CheckContext;
  try {
    context = await localContextOf(newsroom);
  } catch (cause) {
    const why = (cause as Error).message.split('\n')[0];
    return bundledContext(`não consegui ler o site local (${why}); rode o check de novo depois de corrigir isso`);
  } finally {
    await newsroom.close();
  }
  rememberLocalContext(context);
  return context;
}
