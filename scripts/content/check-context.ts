import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { NewsItem } from '../../src/content/news-item.ts';
import { CONTENT_DIR } from './bundle.ts';
import { checkContent } from './check-folder.ts';
import { contentHash } from './content-hash.ts';
import type { Target } from './kv.ts';

/**
 * What `content:check` checks a folder against: the live list (for links and
 * duplicate titles) and the live author registry, from the same place
 * `content:publish` reads them (run.ts, readLive): the local store `npm start`
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
export const LOCAL_KV_DIR = join('.wrangler', 'state', 'v3', 'kv');

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

/** The check's context for a target; wrangler (slow to load) is loaded only when there is a store to read. */
export async function checkContext(target: Target = 'local'): Promise<CheckContext> {
  if (target === 'local' && !hasLocalStore()) {
    return bundledContext('o site local (.wrangler/state) ainda não tem nada publicado');
  }
  const [{ openStore }, { readLive }, { openPublishDb }] = await Promise.all([
    import('./kv.ts'),
    import('./run.ts'),
    import('./publish-db.ts'),
  ]);
  const where = target === 'local' ? 'site local (.wrangler/state)' : 'produção (--remote)';
  let bundled: CheckContext | undefined;
  try {
    const live = await readLive(openStore(target), {
      target,
      hash: contentHash,
      db: openPublishDb(target),
      kvSettleMs: 0,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      bundled: async () => {
        bundled = await bundledContext(`o ${where} ainda não tem nada publicado`);
        return { list: [...bundled.live], files: new Map() };
      },
    });
    if (live.metaText === null && bundled) return bundled;
    const liveAuthors = Object.keys(live.authors ?? {});
    return { live: live.items, liveAuthors, source: `${where}: ${live.items.length} artigo(s) e ${liveAuthors.length} autor(es) no ar` };
  } catch (cause) {
    const why = (cause as Error).message.split('\n')[0];
    return bundledContext(`não consegui ler o ${where} (${why}); rode o check de novo depois de corrigir isso`);
  }
}
