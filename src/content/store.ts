import { describeError, log } from '../log';
import { parseNewsList, type NewsList } from './news-list';
import type { NewsEntry } from './news-item';
import { NEWS_LIST_KEY } from './paths';

/**
 * How long an isolate keeps the parsed list before reading it again. Short, so
 * an editor's publish shows up quickly; long enough that a busy isolate reads
 * KV about once a minute rather than on every request.
 */
export const NEWS_LIST_TTL_MS = 60_000;

/** The bindings the store reads: KV first, then the bundled static assets. */
export interface ContentBindings {
  NEWS: KVNamespace;
  ASSETS: Fetcher;
  /** Overrides {@link NEWS_LIST_TTL_MS} in seconds (the browser tests use 0 to see a publish at once). */
  NEWS_LIST_TTL_SECONDS?: string;
}

// The fetch URL's host is ignored by the assets binding; only the path matters.
const ASSETS_ORIGIN = 'https://assets.invalid';

let cachedList: { list: NewsList; expires: number } | undefined;

/** Forgets the per-isolate list, so the next read goes to KV again. */
export function clearNewsListCache(): void {
  cachedList = undefined;
}

/** Reads a content path from KV; null when absent, or when KV throws (logged). */
async function readFromKv(env: ContentBindings, key: string): Promise<string | null> {
  try {
    return await env.NEWS.get(key, 'text');
  } catch (error) {
    log('error', 'kv_read_failed', { key, ...describeError(error) });
    return null;
  }
}

/** Binary content (a published image) from KV; null when absent or when KV throws (logged). */
export async function readBinaryFromKv(env: ContentBindings, key: string): Promise<ArrayBuffer | null> {
  try {
    return await env.NEWS.get(key, 'arrayBuffer');
  } catch (error) {
    log('error', 'kv_read_failed', { key, ...describeError(error) });
    return null;
  }
}

/** Reads a content path from the bundled assets; null when there is no such file. */
async function readFromBundle(env: ContentBindings, key: string): Promise<string | null> {
  const response = await env.ASSETS.fetch(`${ASSETS_ORIGIN}/${key}`);
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  return response.text();
}

/** The text at a content path: KV wins, the bundle fills in. */
export async function readContent(env: ContentBindings, key: string): Promise<string | null> {
  return (await readFromKv(env, key)) ?? (await readFromBundle(env, key));
}

async function loadNewsList(env: ContentBindings): Promise<NewsList> {
  const fromKv = await readFromKv(env, NEWS_LIST_KEY);
  if (fromKv !== null) {
    try {
      return parseNewsList(fromKv, 'kv');
    } catch (error) {
      log('error', 'news_list_invalid', { source: 'kv', ...describeError(error) });
    }
  }
  const fromBundle = await readFromBundle(env, NEWS_LIST_KEY);
  if (fromBundle === null) throw new Error('bundled news list is missing');
  return parseNewsList(fromBundle, 'bundle');
}

/** The news list, newest first, kept per isolate for {@link NEWS_LIST_TTL_MS}. */
export async function getNewsList(env: ContentBindings, now = Date.now()): Promise<NewsList> {
  if (cachedList && cachedList.expires > now) return cachedList.list;
  const list = await loadNewsList(env);
  const ttl = env.NEWS_LIST_TTL_SECONDS ? Number(env.NEWS_LIST_TTL_SECONDS) * 1000 : NEWS_LIST_TTL_MS;
  cachedList = { list, expires: now + (Number.isFinite(ttl) ? ttl : NEWS_LIST_TTL_MS) };
  return list;
}

/** An article's HTML body, or null when neither KV nor the bundle has it. */
export function getArticleBody(env: ContentBindings, item: NewsEntry): Promise<string | null> {
  return readContent(env, item.htmlPath);
}
