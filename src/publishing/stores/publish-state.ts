/**
 * The publish state: one row of the D1 table `publish_state`
 * (migrations/0003_publish_state.sql) holding the run lock and the version of
 * the live news index. KV, where the index lives, has no compare-and-set; D1
 * has one: a database runs its statements one at a time, and an
 * `UPDATE … WHERE <what the run read>` that returns its row did the change,
 * one that returns nothing did not. Every change of the row here is one such
 * statement, so two runs can never both take the lock, and a switch happens
 * only over the version the run read.
 *
 * Times are the database's clock (NOW_MS), so machines whose clocks disagree
 * still agree on when a lock expires.
 *
 * The worker reaches the row through {@link PublishDb} over its D1 binding
 * (bindings.ts, batchOf); the tests run the same statements on Node's SQLite
 * with the real migrations.
 */

export type SqlValue = string | number | null;

/** One statement; `?1`, `?2`… are `params[0]`, `params[1]`… */
export interface Statement {
  sql: string;
  params: readonly SqlValue[];
}

export type Row = Record<string, unknown>;

export interface PublishDb {
  /**
   * Runs the statements in order, in one call (over D1, one batch: one
   * transaction), and returns the rows each one returned.
   */
  run(statements: readonly Statement[]): Promise<Row[][]>;
}

/**
 * Now, in ms since the epoch, on the database's clock. julianday('now') is
 * the same for a whole statement and exists in every SQLite, D1's included.
 */
export const NOW_MS = "CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)";

/** Who runs a command: stored with the lock, shown to whoever waits for it. */
export interface LockOwner {
  /** Unique per run. */
  id: string;
  /** The machine's name, as shown. */
  host: string;
  /** This boot of the machine: with `host`, what "the same machine" means for a dead pid (`holderGone`). */
  boot: string;
  user: string;
  pid: number;
  command: string;
}

/** The run holding the lock. */
export interface LockHolder extends LockOwner {
  /** When it took the lock (ms, database clock). */
  acquired: number;
  /** When the lock expires unless renewed (ms, database clock). */
  expires: number;
}

export interface PublishState {
  /** How many switches the table has recorded: 0 before the first. */
  version: number;
  /** index/meta.json as the last switch wrote it; null at version 0. */
  meta: string | null;
  /** The last version a run saw or wrote in KV's index/meta.json. */
  kvVersion: number;
  switchedAt: number | null;
  /** Null when free. */
  lock: LockHolder | null;
  /** The database's time when this was read. */
  now: number;
}

const COLUMNS =
  'version, meta, kv_version, switched_at, lock_id, lock_host, lock_boot, lock_user, lock_pid, lock_command, lock_acquired, lock_expires';

/** The row, with the database's time. */
const SELECT_STATE: Statement = { sql: `SELECT ${COLUMNS}, ${NOW_MS} AS now FROM publish_state WHERE id = 1`, params: [] };

const int = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);
const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The row as read; throws when it is missing or malformed (the migration inserts it, nothing deletes it). */
function parseState(row: Row | undefined): PublishState {
  if (!row) throw new Error('the publish_state row is missing (migrations/0003_publish_state.sql inserts it)');
  const version = int(row.version);
  const kvVersion = int(row.kv_version);
  const now = int(row.now);
  if (version === null || version < 0 || kvVersion === null || now === null) throw new Error('the publish_state row is not valid');
  const id = text(row.lock_id);
  const lock: LockHolder | null =
    id === null
      ? null
      : {
          id,
          host: text(row.lock_host) ?? '?',
          boot: text(row.lock_boot) ?? '',
          user: text(row.lock_user) ?? '?',
          pid: int(row.lock_pid) ?? 0,
          command: text(row.lock_command) ?? '?',
          acquired: int(row.lock_acquired) ?? 0,
          expires: int(row.lock_expires) ?? 0,
        };
  const meta = text(row.meta);
  if (version > 0 && meta === null) throw new Error(`the publish_state row names version ${version} without its index`);
  return { version, meta: version > 0 ? meta : null, kvVersion, switchedAt: int(row.switched_at), lock, now };
}

/** The state as it is now. */
export async function readState(db: PublishDb): Promise<PublishState> {
  const [rows] = await db.run([SELECT_STATE]);
  return parseState(rows?.[0]);
}

/** Whether a lock holder's time is up, at the state's time. */
export const expired = (state: PublishState) => state.lock !== null && state.lock.expires <= state.now;

/**
 * Takes the lock for `ttlMs` when it is free, expired, already this run's,
 * or held by `takeOver` (the id of a holder known to be gone). One statement:
 * of two runs trying at once, exactly one gets the row back. The state after
 * it comes with the answer, holder included when the lock was not taken.
 */
export async function tryAcquire(
  db: PublishDb,
  owner: LockOwner,
  ttlMs: number,
  takeOver: string | null = null,
): Promise<{ acquired: boolean; state: PublishState }> {
  const [taken, after] = await db.run([
    {
      sql: `UPDATE publish_state SET lock_id = ?1, lock_host = ?2, lock_boot = ?3, lock_user = ?4, lock_pid = ?5, lock_command = ?6,
              lock_acquired = ${NOW_MS}, lock_expires = ${NOW_MS} + ?7
            WHERE id = 1 AND (lock_id IS NULL OR lock_id = ?1 OR lock_id = ?8 OR lock_expires <= ${NOW_MS})
            RETURNING version`,
      params: [owner.id, owner.host, owner.boot, owner.user, owner.pid, owner.command, ttlMs, takeOver],
    },
    SELECT_STATE,
  ]);
  return { acquired: taken?.length === 1, state: parseState(after?.[0]) };
}

/**
 * The switch, in D1: the version goes from `read` to `read + 1` with the new
 * meta, only while this run holds an unexpired lock and the version is still
 * the one it read; the lock is renewed with it (what follows, the KV write of
 * the meta and the deletions, runs under a fresh lock). False: nothing
 * changed; the state says why.
 */
export async function switchVersion(
  db: PublishDb,
  owner: LockOwner,
  read: number,
  metaText: string,
  ttlMs: number,
): Promise<{ switched: boolean; state: PublishState }> {
  const [switched, after] = await db.run([
    {
      sql: `UPDATE publish_state SET version = version + 1, meta = ?3, switched_at = ${NOW_MS}, lock_expires = ${NOW_MS} + ?4
            WHERE id = 1 AND version = ?2 AND lock_id = ?1 AND lock_expires > ${NOW_MS}
            RETURNING version`,
      params: [owner.id, read, metaText, ttlMs],
    },
    SELECT_STATE,
  ]);
  return { switched: switched?.length === 1, state: parseState(after?.[0]) };
}

/**
 * Renews the lock while it is this run's, unexpired, and the version is still
 * `read`: checked right before a run deletes anything. False: it deletes nothing.
 */
export async function renewLock(db: PublishDb, owner: LockOwner, read: number, ttlMs: number): Promise<boolean> {
  const [renewed] = await db.run([
    {
      sql: `UPDATE publish_state SET lock_expires = ${NOW_MS} + ?3
            WHERE id = 1 AND lock_id = ?1 AND version = ?2 AND lock_expires > ${NOW_MS}
            RETURNING version`,
      params: [owner.id, read, ttlMs],
    },
  ]);
  return renewed?.length === 1;
}

/**
 * Frees the lock if it is still this run's (never another run's), and, when
 * `confirmed` is given, records that KV's index/meta.json held that version.
 * The release, the last statement, returns its row when the run still held
 * the lock: then no other run can have switched since the run took it.
 */
export function releaseStatements(owner: LockOwner, confirmed: number | null = null): Statement[] {
  const release: Statement = {
    sql: `UPDATE publish_state SET lock_id = NULL, lock_host = NULL, lock_boot = NULL, lock_user = NULL, lock_pid = NULL,
            lock_command = NULL, lock_acquired = NULL, lock_expires = NULL
          WHERE id = 1 AND lock_id = ?1
          RETURNING version`,
    params: [owner.id],
  };
  if (confirmed === null) return [release];
  return [
    { sql: 'UPDATE publish_state SET kv_version = ?1 WHERE id = 1 AND kv_version < ?1 AND version >= ?1', params: [confirmed] },
    release,
  ];
}
