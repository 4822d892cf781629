import { NOW_MS, type PublishDb, type Statement } from './publish-state';

/**
 * Which news indexes KV has served, and until when: the D1 table
 * `served_indexes` (migrations/0004_served_indexes.sql). A key waiting for
 * deletion is deleted only once every index that names it stopped being
 * served at least DELETE_AFTER_MS ago: the wait starts when KV stops naming a
 * key, not when D1 switched away from it (a run stopped between its two
 * writes leaves KV serving the old index, perhaps for hours).
 *
 * A run records what it sees: whenever it reads or writes KV's
 * index/meta.json under the lock, {@link observeServed} marks every other
 * index as no longer served (from now) and the one KV holds as served.
 */

/** How long a row is kept after its index stopped being served: far past any deletion bound. */
const KEEP_MS = 24 * 60 * 60_000;

/**
 * Records that KV's index/meta.json holds `metaText` now (null: no meta);
 * `version` is D1's version of it, when known. The text is compared by its
 * hash and sent in one statement only: D1 takes statements of up to 100 KB.
 */
export async function observeServed(
  db: PublishDb,
  metaText: string | null,
  version: number | null,
  hash: (text: string) => string,
): Promise<void> {
  const metaHash = metaText === null ? null : hash(metaText);
  const statements: Statement[] = [
    { sql: `UPDATE served_indexes SET served_until = ${NOW_MS} WHERE served_until IS NULL AND meta_hash IS NOT ?1`, params: [metaHash] },
    { sql: `DELETE FROM served_indexes WHERE served_until < ${NOW_MS} - ?1`, params: [KEEP_MS] },
  ];
  if (metaText !== null) {
    statements.push({
      sql: `INSERT INTO served_indexes (meta_hash, meta, version, served_from)
            SELECT ?1, ?2, ?3, ${NOW_MS} WHERE NOT EXISTS (SELECT 1 FROM served_indexes WHERE served_until IS NULL AND meta_hash = ?1)`,
      params: [metaHash, metaText, version],
    });
  }
  await db.run(statements);
}

/**
 * The metas of the indexes served now or less than `withinMs` ago: every key
 * they name may still be read by someone.
 */
export async function recentlyServed(db: PublishDb, withinMs: number): Promise<string[]> {
  const [rows] = await db.run([
    {
      sql: `SELECT DISTINCT meta FROM served_indexes WHERE served_until IS NULL OR served_until > ${NOW_MS} - ?1`,
      params: [withinMs],
    },
  ]);
  return (rows ?? []).flatMap((row) => (typeof row.meta === 'string' ? [row.meta] : []));
}
