import { contentHash } from '../content/index/content-hash';
import { parseIndexMeta } from '../content/index/index-parse';
import { INDEX_META_KEY } from '../content/index/news-index';
import type { NewsItem } from '../content/schema/news-item';
import { log as logEvent } from '../lib/log';
import { documentVersion, searchDocument } from '../search/document';
import { CLEAR_PENDING, DELETE_SLUGS, MARK_PENDING, SELECT_VERSIONS, type SearchDocument, UPSERT_DOCUMENTS } from '../search/index-sql';
import { itemsOfListChunks } from './run/list-chunks';
import type { KvStore } from './stores/kv-store';

/**
 * The search index (D1, FTS5) brought in line with the live news list after
 * a publish, an unpublish or a repair. Only the publishing side writes it;
 * the worker's /busca reads it (src/search/search-db.ts).
 */

/**
 * What a sync needs of the search database: the worker's binding
 * (bindings.ts), the production one through wrangler, a plain SQLite file in
 * the tests.
 */
export interface SearchDb {
  /** Runs statements in order, each with `?1` bound to `json` (src/search/index-sql.ts). */
  run(statements: readonly string[], json: string): Promise<void>;
  /** slug → version of the indexed articles (of these slugs only, when given). */
  versions(slugs?: readonly string[]): Promise<Map<string, string>>;
  /** The slugs an earlier run's search update left behind (syncAfterSwitch). */
  pending(): Promise<string[]>;
  /** The largest JSON value one statement may carry. */
  maxJsonBytes: number;
  /** Sends what `run` may have kept back; a sync calls it before it returns. */
  flush?(): Promise<void>;
}

/** The versions query, for some slugs or all. */
export const versionsSql = (slugs: readonly string[] | undefined) =>
  slugs ? `${SELECT_VERSIONS} WHERE slug IN (SELECT value FROM json_each(?1))` : SELECT_VERSIONS;

/** The pending query's rows, checked: a row without a slug is left out. */
export const slugsOf = (rows: readonly unknown[]): string[] =>
  rows.flatMap((row) => {
    const { slug } = (row ?? {}) as { slug?: unknown };
    return typeof slug === 'string' ? [slug] : [];
  });

/** Rows of slug and version, checked: anything else is left out (a row without a version is rewritten). */
export function versionsOf(rows: readonly unknown[]): Map<string, string> {
  const versions = new Map<string, string>();
  for (const row of rows) {
    const { slug, version } = (row ?? {}) as { slug?: unknown; version?: unknown };
    if (typeof slug === 'string' && typeof version === 'string') versions.set(slug, version);
  }
  return versions;
}

/** How many bodies are read at once (a remote read is one wrangler call per 100 keys). */
const BODY_BATCH = 100;
/** Slugs per delete statement: well under D1's 100 KB statement (a slug is at most 120 characters). */
const DELETE_BATCH = 500;

/** What a sync changed. */
export interface SyncResult {
  /** Articles (re)indexed: new, changed, or incomplete before. */
  written: string[];
  /** Articles removed from the index: no longer live. */
  deleted: string[];
  /** Articles already indexed as they are live: nothing written. */
  unchanged: number;
}

export interface SyncInput {
  /** The live list (KV's, or the bundled one while KV has none), as the site shows it. */
  items: readonly NewsItem[];
  /** The bodies at these content paths; null for one that cannot be read. */
  bodies(paths: readonly string[]): Promise<Map<string, string | null>>;
  /** Only these slugs (a publish or unpublish); every article when absent (a repair). */
  slugs?: readonly string[];
  log?: (line: string) => void;
}

const encoder = new TextEncoder();

/** Documents in groups whose JSON stays under `maxBytes` (D1 limits a statement's size), one group at least per document. */
export function groupsOf(documents: readonly SearchDocument[], maxBytes: number): SearchDocument[][] {
  const groups: SearchDocument[][] = [];
  let group: SearchDocument[] = [];
  let bytes = 2;
  for (const document of documents) {
    const text = JSON.stringify(document);
    // A quote is doubled when the JSON is written as an SQL literal.
    const size = encoder.encode(text).length + (text.match(/'/g)?.length ?? 0) + 1;
    if (group.length > 0 && bytes + size > maxBytes) {
      groups.push(group);
      group = [];
      bytes = 2;
    }
    group.push(document);
    bytes += size;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/**
 * Brings the search index in line with the live list: an article whose
 * document is missing or out of date (its version, src/search/document.ts,
 * differs) is written, with its body read only then; an indexed article no
 * longer live is deleted. Writes are upserts by slug, so running it again
 * after a stop, or after another run, repairs rather than duplicates.
 * Scheduled articles are indexed like the others: the page hides them until
 * their time (src/search/search-db.ts), so no second run is needed then.
 */
export async function syncSearch(db: SearchDb, input: SyncInput): Promise<SyncResult> {
  const log = input.log ?? (() => {});
  const only = input.slugs ? new Set(input.slugs) : null;
  // One entry per slug (the last, as the list's own reads keep one).
  const live = new Map<string, NewsItem>();
  for (const item of input.items) if (!only || only.has(item.slug)) live.set(item.slug, item);
  const indexed = await db.versions(only ? [...only] : undefined);

  const stale: NewsItem[] = [];
  for (const item of live.values()) if (indexed.get(item.slug) !== (await documentVersion(item))) stale.push(item);
  const gone = [...indexed.keys()].filter((slug) => !live.has(slug));

  for (let start = 0; start < stale.length; start += BODY_BATCH) {
    const batch = stale.slice(start, start + BODY_BATCH);
    const bodies = await input.bodies(batch.map((item) => item.htmlPath));
    const documents = await Promise.all(batch.map((item) => searchDocument(item, bodies.get(item.htmlPath) ?? null)));
    for (const document of documents)
      if (document.version === 'body-missing') log(`  busca: não foi possível ler o texto de "${document.slug}"; indexado sem ele`);
    for (const group of groupsOf(documents, db.maxJsonBytes)) await db.run(UPSERT_DOCUMENTS, JSON.stringify(group));
    if (stale.length > BODY_BATCH) log(`  busca: ${Math.min(start + BODY_BATCH, stale.length)} de ${stale.length} artigo(s) indexado(s)`);
  }
  for (let start = 0; start < gone.length; start += DELETE_BATCH) {
    await db.run(DELETE_SLUGS, JSON.stringify(gone.slice(start, start + DELETE_BATCH)));
  }
  await db.flush?.();
  return { written: stale.map((item) => item.slug), deleted: gone, unchanged: live.size - stale.length };
}

/** The bundled list and files, as the site serves them while KV has no index. */
export type Bundle = { list: NewsItem[]; files: ReadonlyMap<string, string | Uint8Array> };

const asText = (value: string | Uint8Array | undefined) =>
  value === undefined ? null : typeof value === 'string' ? value : new TextDecoder().decode(value);

/** The live list and the meta text it was read from (null while KV has no index). */
export interface LiveList {
  metaText: string | null;
  items: NewsItem[] | null;
}

const readMetaText = async (store: Pick<KvStore, 'get'>) => (await store.get([INDEX_META_KEY])).get(INDEX_META_KEY) ?? null;

/**
 * The live list as the search reads it: KV's list chunks, or null while KV has no index (the
 * site then shows the bundled list). Refuses a list it cannot read whole:
 * a sync from part of it would remove the rest from the search.
 */
export async function readLiveList(store: Pick<KvStore, 'get'>): Promise<LiveList> {
  const metaText = await readMetaText(store);
  if (metaText === null) return { metaText, items: null };
  const refuse = (why: string) =>
    new Error(
      `lista ao vivo ilegível (${why}): o índice da busca ficou como estava. Conserte antes o índice de notícias (docs/content-and-publishing.md, "Restore").`,
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
 * worker reads it (src/content/index/sources.ts, readText).
 */
async function liveContent(
  store: Pick<KvStore, 'get'>,
  bundled: () => Promise<Bundle>,
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
  { slugs, log, bundled }: Pick<SyncInput, 'slugs' | 'log'> & { bundled: () => Promise<Bundle> },
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

/**
 * The search update a run makes once its switch is done: the articles it
 * changed, and those an earlier run's update left behind. The change is live
 * by then, so a failure is no refusal: the slugs are named in the database
 * (migrations/0010_search_pending.sql) for the next run to take, and the
 * error reaches the caller, which logs it and tells the editor the search
 * follows (error-policy.ts). A pending list that cannot be read is logged and
 * this run's own slugs are synced all the same.
 */
export async function syncAfterSwitch(
  db: SearchDb,
  store: Pick<KvStore, 'get'>,
  { slugs, log, bundled }: Pick<SyncInput, 'log'> & { slugs: readonly string[]; bundled: () => Promise<Bundle> },
): Promise<SyncResult> {
  let earlier: string[] = [];
  try {
    earlier = await db.pending();
  } catch (error) {
    logEvent('error', 'search_pending_unread', { reason: error instanceof Error ? error.message : String(error) });
  }
  const all = union(slugs, earlier);
  try {
    const result = await syncLive(db, store, { slugs: all, log, bundled });
    if (earlier.length > 0) await db.run(CLEAR_PENDING, JSON.stringify(earlier));
    return result;
  } catch (error) {
    try {
      await db.run(MARK_PENDING, JSON.stringify(all));
    } catch (marking) {
      // Then only content:reindex repairs them: the log names them for whoever runs it.
      logEvent('error', 'search_pending_unrecorded', { slugs: all.slice(0, 20), reason: String(marking) });
    }
    throw error;
  }
}

/** One line saying what a sync did. */
export function describeSync({ written, deleted, unchanged }: SyncResult): string {
  const parts = [
    written.length > 0 ? `${written.length} ${written.length === 1 ? 'indexado' : 'indexados'}` : '',
    deleted.length > 0 ? `${deleted.length} ${deleted.length === 1 ? 'removido' : 'removidos'}` : '',
    unchanged > 0 ? `${unchanged} já ${unchanged === 1 ? 'atualizado' : 'atualizados'}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'nada a fazer';
}
