import type { NewsItem } from '../../src/content/news-item.ts';
import { documentVersion, searchDocument } from '../../src/search/document.ts';
import { DELETE_SLUGS, type SearchDocument, UPSERT_DOCUMENTS } from '../../src/search/index-sql.ts';
import type { SearchDb } from './search-db.ts';

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

/** Documents in groups whose JSON stays under `maxBytes` (D1 limits a statement's size), one group at least per document. */
export function groupsOf(documents: readonly SearchDocument[], maxBytes: number): SearchDocument[][] {
  const groups: SearchDocument[][] = [];
  let group: SearchDocument[] = [];
  let bytes = 2;
  for (const document of documents) {
    const text = JSON.stringify(document);
    // A quote is doubled when the JSON is written as an SQL literal (scripts/search/search-db.ts).
    const size = Buffer.byteLength(text) + (text.match(/'/g)?.length ?? 0) + 1;
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
