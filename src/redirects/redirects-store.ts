import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { log } from '../lib/log';
import { isSafeTarget, oldAddressKey } from './old-address';

/**
 * Redirects from old addresses (migrations/0011_redirects.sql): D1 holds the
 * list the newsroom shows, and each redirect is also one KV value, named by
 * a hash of its key, which is all a request reads. So a lookup is one KV read
 * whatever the number of redirects, and only on an address the site would
 * otherwise answer 404.
 */

interface Bindings {
  DB: D1Database;
  NEWS: KVNamespace;
}

/** A redirect as the newsroom lists it. */
export interface Redirect {
  key: string;
  address: string;
  target: string;
  origin: string;
  createdAt: number;
  createdBy: string;
}

const PREFIX = 'redirects/';
/**
 * KV keys stay short (KV's limit is 512 bytes) and never hold what a request
 * sent. The whole SHA-256: hundreds of thousands of addresses must not share
 * a name (the value names its key, so a shared one would read as no redirect).
 */
const kvKey = (key: string) => `${PREFIX}${bytesToHex(sha256(new TextEncoder().encode(key)))}`;

/** D1 binds at most 100 parameters per statement: reads go by this many keys. */
const READ_CHUNK = 90;
/** KV writes in flight at once. */
const WRITE_CHUNK = 50;
export const PAGE_SIZE = 50;

/** What a store of several redirects did: each kept as given, or refused with why (pt-BR). */
export interface StoredRedirects {
  added: number;
  changed: number;
  unchanged: number;
  refused: { address: string; why: string }[];
}

async function inChunks<T>(items: readonly T[], size: number, work: (chunk: T[]) => Promise<void>) {
  for (let at = 0; at < items.length; at += size) await work(items.slice(at, at + size));
}

/**
 * Stores redirects: each old address under its key (the first given wins
 * over a later one with the same key), unchanged ones left alone, a new
 * target replacing an old one. KV first, D1 last: a row always names a
 * stored redirect, and a store cut between the two is done again whole by
 * the next.
 */
export async function putRedirects(
  env: Bindings,
  list: readonly { from: string; to: string }[],
  { origin, by, now }: { origin: string; by: string; now: number },
): Promise<StoredRedirects> {
  const result: StoredRedirects = { added: 0, changed: 0, unchanged: 0, refused: [] };
  const wanted = new Map<string, { address: string; target: string }>();
  for (const { from, to } of list) {
    const key = oldAddressKey(from);
    if (key === null) result.refused.push({ address: from.slice(0, 200), why: 'não é um endereço' });
    else if (!isSafeTarget(to)) result.refused.push({ address: from.slice(0, 200), why: 'o destino não é uma página deste site' });
    else if (!wanted.has(key)) wanted.set(key, { address: from.slice(0, 2_000), target: to });
  }
  const existing = new Map<string, string>();
  await inChunks([...wanted.keys()], READ_CHUNK, async (keys) => {
    const { results } = await env.DB.prepare(`SELECT key, target FROM redirects WHERE key IN (${keys.map(() => '?').join(',')})`)
      .bind(...keys)
      .all<{ key: string; target: string }>();
    for (const row of results) existing.set(row.key, row.target);
  });
  const toWrite = [...wanted].filter(([key, { target }]) => existing.get(key) !== target);
  result.unchanged = wanted.size - toWrite.length;
  for (const [key] of toWrite) existing.has(key) ? result.changed++ : result.added++;
  await inChunks(toWrite, WRITE_CHUNK, async (chunk) => {
    await Promise.all(chunk.map(([key, { target }]) => env.NEWS.put(kvKey(key), JSON.stringify({ key, to: target }))));
    await env.DB.batch(
      chunk.map(([key, { address, target }]) =>
        env.DB.prepare(
          `INSERT INTO redirects (key, address, target, origin, created_at, created_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
           ON CONFLICT (key) DO UPDATE SET address = ?2, target = ?3, origin = ?4, created_at = ?5, created_by = ?6`,
        ).bind(key, address, target, origin, now, by),
      ),
    );
  });
  return result;
}

/** Removes a redirect: KV first (the address answers 404 again), then its row; the redirect removed, or null when the list has no such key. */
export async function removeRedirect(env: Bindings, key: string): Promise<Redirect | null> {
  const row = await env.DB.prepare('SELECT * FROM redirects WHERE key = ?').bind(key).first<RedirectRow>();
  if (!row) return null;
  await env.NEWS.delete(kvKey(key));
  await env.DB.prepare('DELETE FROM redirects WHERE key = ?').bind(key).run();
  return redirectOf(row);
}

interface RedirectRow {
  key: string;
  address: string;
  target: string;
  origin: string;
  created_at: number;
  created_by: string;
}

const redirectOf = (row: RedirectRow): Redirect => ({
  key: row.key,
  address: row.address,
  target: row.target,
  origin: row.origin,
  createdAt: row.created_at,
  createdBy: row.created_by,
});

/** One page of the list, newest first; `query` a piece of an old address or of a target. */
export async function listRedirects(db: D1Database, { query = '', page = 1 }: { query?: string; page?: number }) {
  const like = `%${query.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const where = query ? `WHERE lower(address) LIKE ?1 ESCAPE '\\' OR lower(target) LIKE ?1 ESCAPE '\\' OR key LIKE ?1 ESCAPE '\\'` : '';
  const bind = query ? [like] : [];
  const total = await db
    .prepare(`SELECT count(*) AS n FROM redirects ${where}`)
    .bind(...bind)
    .first<{ n: number }>();
  const { results } = await db
    .prepare(`SELECT * FROM redirects ${where} ORDER BY created_at DESC, key LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`)
    .bind(...bind)
    .all<RedirectRow>();
  return { total: total?.n ?? 0, redirects: results.map(redirectOf) };
}

/**
 * Where an old address leads, read from KV: one read. The value is hostile
 * until checked: it must name the key asked for and a path of this site;
 * anything else is no redirect, logged.
 */
export async function findRedirect(kv: KVNamespace, key: string): Promise<string | null> {
  const text = await kv.get(kvKey(key));
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  const { key: named, to } = (typeof value === 'object' && value !== null ? value : {}) as { key?: unknown; to?: unknown };
  if (named === key && isSafeTarget(to)) return to;
  log('warn', 'redirect_invalid', { key: key.slice(0, 200) });
  return null;
}
