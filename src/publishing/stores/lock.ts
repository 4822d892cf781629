import { brasilia } from './brasilia-time';
import { type LockHolder, type LockOwner, type PublishDb, type PublishState, releaseStatements, tryAcquire } from './publish-state';

/**
 * One run at a time: publish, unpublish, gc and restore each hold the lock of
 * the publish state (publish-state.ts, a row in D1) while they read, merge,
 * switch and delete. Taking it is one compare-and-set statement, so two runs
 * never both hold it. The lock is not what keeps articles from being lost,
 * though: the switch itself is a compare-and-set on the version the run read
 * (run.ts), so even a run that lost its lock cannot overwrite another's work.
 */

/**
 * How long a lock lasts unless renewed (the switch renews it). A run takes
 * seconds; one that takes longer loses the lock and goes through it again,
 * never switching without it. A run that died holds it at most this long, and
 * not at all for a run on the same machine (`holderGone`).
 */
export const LOCK_TTL_MS = 5 * 60_000;

export interface LockTiming {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** How long between two looks at a held lock. */
  pollMs: number;
  /** How long to wait for another run's lock before giving up. */
  lockWaitMs: number;
  log(line: string): void;
  /**
   * Whether the holder is provably gone: a process of this machine (same host
   * name and boot) that no longer runs. Its lock is then taken over at once.
   */
  holderGone(holder: LockHolder): boolean;
  /** Runs right after the lock is first taken (a pause, for the tests that interrupt a run holding it). */
  afterLock?(): Promise<void>;
}

export class LockBusyError extends Error {}

/** Who holds the lock and since when, for whoever waits (pt-BR, as editors read it). */
const describeHolder = (lock: LockHolder) =>
  `${lock.command} de ${lock.user}@${lock.host} (pid ${lock.pid}), com a trava de publicação desde ${brasilia(lock.acquired)} (ela expira em ${brasilia(lock.expires)}, se essa publicação não a renovar)`;

/**
 * Takes the lock, waiting while another run holds it (up to `lockWaitMs`),
 * and returns the publish state read with it: the version the run works from.
 */
export async function acquireLock(db: PublishDb, owner: LockOwner, timing: LockTiming): Promise<PublishState> {
  const deadline = timing.now() + timing.lockWaitMs;
  let announced: string | null = null;
  let takeOver: string | null = null;
  const tried = new Set<string>();
  for (;;) {
    const { acquired, state } = await tryAcquire(db, owner, LOCK_TTL_MS, takeOver);
    if (acquired) return state;
    const holder = state.lock;
    if (holder !== null && !tried.has(holder.id) && timing.holderGone(holder)) {
      timing.log(`Assumindo a trava de publicação de ${describeHolder(holder)}: esse processo não está mais rodando nesta máquina.`);
      tried.add(holder.id);
      takeOver = holder.id;
      continue;
    }
    takeOver = null;
    // No holder: released between the two statements; the next look takes it.
    if (holder !== null) {
      if (timing.now() >= deadline) {
        throw new LockBusyError(
          `outra publicação está com a trava: ${describeHolder(holder)}. Nada foi gravado: rode o comando de novo quando ela terminar.`,
        );
      }
      if (announced !== holder.id) timing.log(`Aguardando outra publicação terminar: ${describeHolder(holder)}`);
      announced = holder.id;
    }
    await timing.sleep(timing.pollMs);
  }
}

/**
 * Frees the lock if this run still holds it (never another run's);
 * `confirmed`: see releaseStatements. True when the run still held it.
 */
async function releaseLock(db: PublishDb, owner: LockOwner, confirmed: number | null = null): Promise<boolean> {
  const rows = await db.run(releaseStatements(owner, confirmed));
  return rows.at(-1)?.length === 1;
}

/** What a run does with the lock it holds (see {@link withLock}). */
export interface HeldLock {
  /** Records that KV's index/meta.json shows this version (the release tells D1). */
  confirm(version: number): void;
  /** The state just read with the lock taken or renewed (acquire, switch): the lease counts from now. */
  renewed(): void;
  /**
   * Whether the lease has run past half the lock's lifetime since it was last
   * taken or renewed, on this machine's clock: the run then treats the lock
   * as lost before any write that another run's work could make stale (a
   * meta, a deletion). Half, so a run that stalls cannot write after another
   * run has taken the expired lock, unless a single call stalls that long.
   */
  lapsed(): boolean;
  /** Releases it now; true when the run still held it (no other run can have switched meanwhile). */
  release(): Promise<boolean>;
}

/**
 * Runs `body` with the lock taken (from the state `acquireLock` returns) and
 * releases it at the end, however the body ends; on Ctrl-C too, when the
 * timing can hear it.
 */
export async function withLock<T>(
  db: PublishDb,
  owner: LockOwner,
  timing: LockTiming,
  body: (state: PublishState, lock: HeldLock) => Promise<T>,
): Promise<T> {
  let confirmed: number | null = null;
  let released = false;
  let renewedAt = 0;
  const lock: HeldLock = {
    confirm(version) {
      confirmed = Math.max(confirmed ?? 0, version);
    },
    renewed() {
      renewedAt = timing.now();
    },
    lapsed: () => timing.now() - renewedAt >= LOCK_TTL_MS / 2,
    async release() {
      released = true;
      return releaseLock(db, owner, confirmed);
    },
  };
  try {
    const state = await acquireLock(db, owner, timing);
    lock.renewed();
    await timing.afterLock?.();
    return await body(state, lock);
  } finally {
    if (!released) {
      await releaseLock(db, owner, confirmed).catch((error: unknown) =>
        timing.log(
          `  não foi possível soltar a trava de publicação (${error instanceof Error ? error.message.split('\n')[0] : error}): ela expira sozinha`,
        ),
      );
    }
  }
}
