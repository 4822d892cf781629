import { describeError, log } from '#src/lib/log.ts';
import { parseIndexMeta } from './index-parse';
import { IndexReader } from './index-reader';
import { INDEX_META_KEY } from './news-index';
import { publishedOnRecord } from './publish-record';
import { type ContentBindings, ContentUnavailableError, readText, type Source, wasPublished } from './sources';

/**
 * How long an isolate keeps the index (index/meta.json, and with it every
 * value read through it) before reading the meta again. Short, so an editor's
 * publish shows up quickly; long enough that a busy isolate reads it about
 * once a minute.
 */
export const NEWS_LIST_TTL_MS = 60_000;

/**
 * The index this isolate serves, until `expires`; and the last one read from
 * a source that answered, which stands in while KV fails. Module state
 * because an isolate serves many requests: the point is to read the meta
 * about once a minute, not once per request.
 */
let current: { reader: IndexReader; expires: number } | undefined;
let lastGood: IndexReader | undefined;

/** Forgets the index and the last good one, so the next request reads the source again (tests, start-up warm-up). */
export function forgetLiveIndex(): void {
  current = undefined;
  lastGood = undefined;
}

function ttlOf(env: ContentBindings): number {
  const ttl = env.NEWS_LIST_TTL_SECONDS ? Number(env.NEWS_LIST_TTL_SECONDS) * 1000 : NEWS_LIST_TTL_MS;
  return Number.isFinite(ttl) ? ttl : NEWS_LIST_TTL_MS;
}

/**
 * Reads the meta from the one source that serves this deployment: KV when KV
 * has it; the bundle only while nothing was ever published to KV (a fresh
 * deployment, a fresh clone): neither KV's published marker nor, when that is
 * lost too, D1's publish state says otherwise. Throws
 * {@link ContentUnavailableError} when KV or D1 fails, or when KV has lost its
 * meta after publishing (logged).
 */
async function readMeta(env: ContentBindings): Promise<{ source: Source; text: string }> {
  const fromKv = await readText(env, 'kv', INDEX_META_KEY);
  if (fromKv !== null) return { source: 'kv', text: fromKv };
  const marker = await wasPublished(env);
  if (marker || (await publishedOnRecord(env.DB))) {
    log('error', 'news_index_missing', { source: 'kv', key: INDEX_META_KEY, marker });
    throw new ContentUnavailableError(INDEX_META_KEY);
  }
  const fromBundle = await readText(env, 'bundle', INDEX_META_KEY);
  if (fromBundle === null) throw new Error('the bundled news index is missing: run the build (vite build)');
  return { source: 'bundle', text: fromBundle };
}

/** A reader over a meta's text; an invalid meta is logged and unavailable. */
function readerOf(env: ContentBindings, { source, text }: { source: Source; text: string }): IndexReader {
  try {
    const ignored = (field: string, reason: string) =>
      log('warn', 'news_index_value_ignored', { source, key: INDEX_META_KEY, field, reason });
    return new IndexReader(env, source, text, parseIndexMeta(text, ignored));
  } catch (error) {
    log('error', 'news_index_invalid', { source, key: INDEX_META_KEY, ...describeError(error) });
    throw new ContentUnavailableError(INDEX_META_KEY);
  }
}

/**
 * The index to serve a request from: the one kept, while fresh; else the
 * source's, read again (the same meta keeps its reader, and with it what was
 * read through it). When that read fails, the last good index this isolate
 * read serves (a failure is not kept: the next request tries again); with
 * none, the request fails with {@link ContentUnavailableError}, a 503.
 */
export async function openLiveIndex(env: ContentBindings, now: number): Promise<IndexReader> {
  if (current && current.expires > now) return current.reader;
  try {
    const meta = await readMeta(env);
    const kept = current?.reader;
    const reader = kept && kept.source === meta.source && kept.metaText === meta.text ? kept : readerOf(env, meta);
    current = { reader, expires: now + ttlOf(env) };
    lastGood = reader;
    return reader;
  } catch (error) {
    if (!(error instanceof ContentUnavailableError) || !lastGood) throw error;
    log('warn', 'news_index_stale_served', { source: lastGood.source, key: error.key });
    return lastGood;
  }
}
