import { contentHash } from '../content/index/content-hash';
import type { StoredAuthor } from '../content/index/index-build';
import { parseIndexMeta } from '../content/index/index-parse';
import { INDEX_META_KEY } from '../content/index/news-index';
import { parseRegistry } from '../content/schema/authors';
import { imageKey } from '../content/schema/format';
import type { NewsItem } from '../content/schema/news-item';
import { batchOf, kvStoreOf, searchDbOf } from './bindings';
import { articleKeys } from './plan/live';
import { itemsOfListChunks } from './run/list-chunks';
import type { RunOptions } from './run/run-options';
import type { SearchDb } from './search-sync';
import type { KvStore, Target } from './stores/kv-store';
import type { LockOwner } from './stores/publish-state';

/** What the engine needs of the worker's bindings. */
export interface PublishingBindings {
  NEWS: KVNamespace;
  DB: D1Database;
  ASSETS: Fetcher;
}

/** How long a run in a request waits for another's lock before it says who holds it. */
const LOCK_WAIT_MS = 60_000;
/** KV shows a write everywhere within 60 s: locally at once. */
const KV_SETTLE_MS: Record<Target, number> = { local: 0, remote: 60_000 };

// The assets binding ignores the host; only the path matters.
const ASSETS_ORIGIN = 'https://assets.invalid';

async function assetText(assets: Fetcher, key: string): Promise<string | null> {
  const response = await assets.fetch(`${ASSETS_ORIGIN}/${key}`);
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  return response.text();
}

async function assetBytes(assets: Fetcher, key: string): Promise<Uint8Array | null> {
  const response = await assets.fetch(`${ASSETS_ORIGIN}/${key}`);
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The bundle this deployment serves while KV has never been published to:
 * its list, author registry and every file its articles and authors name,
 * read from the static assets. The first run copies those files into KV with
 * the articles it keeps (plan.ts, planChange).
 */
export async function bundleFromAssets(
  assets: Fetcher,
): Promise<{ list: NewsItem[]; files: Map<string, string | Uint8Array>; authors: Record<string, StoredAuthor> }> {
  const metaText = await assetText(assets, INDEX_META_KEY);
  if (metaText === null) return { list: [], files: new Map(), authors: {} };
  const meta = parseIndexMeta(metaText);
  const chunks = new Map(await Promise.all(meta.listKeys.map(async (key) => [key, await assetText(assets, key)] as const)));
  const list = itemsOfListChunks(meta.listKeys, chunks, contentHash, (why) => new Error(`the bundled index cannot be read: ${why}`));
  const registry = meta.authorsKey === null ? null : await assetText(assets, meta.authorsKey);
  const authors: Record<string, StoredAuthor> = Object.fromEntries(
    [...(registry === null ? [] : parseRegistry(registry))].map(([slug, { slug: _, ...author }]) => [slug, author]),
  );
  const keys = [...list.flatMap(articleKeys), ...Object.values(authors).flatMap((author) => (author.foto ? [imageKey(author.foto)] : []))];
  const files = new Map<string, string | Uint8Array>();
  for (const key of new Set(keys)) {
    const value = key.endsWith('.html') ? await assetText(assets, key) : await assetBytes(assets, key);
    if (value !== null) files.set(key, value);
  }
  return { list, files, authors };
}

/** One run of the engine inside a request: its stores over the worker's bindings, and its options. */
export interface WorkerRun {
  store: KvStore;
  search: SearchDb;
  options: RunOptions;
  /** What the run logged, in order: shown to the editor. */
  lines: string[];
}

/**
 * The publishing engine as a request runs it: the news store and the
 * publish state over the worker's own bindings, the person as the lock's
 * owner (`user`), the bundled content from the static assets. `target`
 * names where this worker writes in the engine's messages (the local site,
 * or production).
 */
export function workerRun(env: PublishingBindings, who: string, action: string, target: Target): WorkerRun {
  const lines: string[] = [];
  const owner: LockOwner = { id: crypto.randomUUID(), host: 'redacao', boot: '', user: who, pid: 0, command: `redação: ${action}` };
  const options: RunOptions = {
    hash: contentHash,
    owner,
    target,
    db: { run: batchOf(env.DB) },
    bundled: () => bundleFromAssets(env.ASSETS),
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    pollMs: 1_000,
    kvSettleMs: KV_SETTLE_MS[target],
    lockWaitMs: LOCK_WAIT_MS,
    log: (line) => lines.push(line.trim()),
    // A request cannot tell whether another holder is gone: its lock expires by itself.
    holderGone: () => false,
  };
  return { store: kvStoreOf(env.NEWS), search: searchDbOf(env.DB), options, lines };
}
