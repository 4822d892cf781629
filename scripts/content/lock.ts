import { getOne, type KvStore } from './kv-store.ts';

/**
 * One run at a time: publish, unpublish and gc each hold this key while they
 * read, merge and switch the index, so two runs cannot each merge with the
 * list from before the other and drop its article. KV has no compare-and-set,
 * so the lock is a write followed, after a pause, by a read that must still
 * show it; the run checks it again just before the switch (run.ts).
 */
export const LOCK_KEY = 'index/lock.json';

/**
 * KV drops the lock by itself after this long, so a run that crashed blocks
 * the others for at most five minutes. A run takes seconds; one that takes
 * longer loses the lock and goes through it again (never switching without it).
 */
export const LOCK_TTL_SECONDS = 300;

/** How often a waiting run looks at the lock again. */
const POLL_MS = 1_000;

/** Who holds the lock, shown to whoever waits for it. */
export interface LockOwner {
  /** Unique per run. */
  id: string;
  host: string;
  user: string;
  pid: number;
  command: string;
}

interface LockRecord extends LockOwner {
  started: string;
  /** When KV drops it (ms since the epoch, the writer's clock). */
  expires: number;
}

export interface LockTiming {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** How long a write may take to be seen: the pause between writing the lock and reading it back. */
  settleMs: number;
  /** How long to wait for another run's lock before giving up. */
  lockWaitMs: number;
  log(line: string): void;
}

export class LockBusyError extends Error {}

/** The stored lock; null when absent or unreadable (an unreadable lock protects nothing). */
function parseLock(text: string | null): LockRecord | null {
  if (text === null) return null;
  try {
    const record = JSON.parse(text) as Partial<LockRecord>;
    return typeof record.id === 'string' && Number.isFinite(record.expires) ? (record as LockRecord) : null;
  } catch {
    return null;
  }
}

const describeLock = (lock: LockRecord) =>
  `${lock.command} by ${lock.user}@${lock.host} (pid ${lock.pid}), started ${lock.started}, expires ${new Date(lock.expires).toISOString()}`;

/** Whether this text is the owner's lock. */
export const isOwnLock = (text: string | null, owner: LockOwner) => parseLock(text)?.id === owner.id;

/**
 * Takes the lock, waiting while another run holds it (up to `lockWaitMs`).
 * Two runs that write it at the same moment both read it back after the
 * pause: the one whose write landed last goes first, the other waits.
 */
export async function acquireLock(store: KvStore, owner: LockOwner, timing: LockTiming): Promise<void> {
  const deadline = timing.now() + timing.lockWaitMs;
  let waiting = false;
  for (;;) {
    const held = parseLock(await getOne(store, LOCK_KEY));
    // KV expires the key; the time check only covers a store that did not.
    if (held && held.id !== owner.id && held.expires > timing.now()) {
      if (timing.now() >= deadline) {
        throw new LockBusyError(
          `another run still holds ${LOCK_KEY}: ${describeLock(held)}. Nothing was written: run the command again once it has finished.`,
        );
      }
      if (!waiting) timing.log(`Waiting for another run to finish: ${describeLock(held)}`);
      waiting = true;
      await timing.sleep(POLL_MS);
      continue;
    }
    const now = timing.now();
    const record: LockRecord = { ...owner, started: new Date(now).toISOString(), expires: now + LOCK_TTL_SECONDS * 1000 };
    await store.put([{ key: LOCK_KEY, value: JSON.stringify(record), expirationTtl: LOCK_TTL_SECONDS }]);
    await timing.sleep(timing.settleMs);
    if (isOwnLock(await getOne(store, LOCK_KEY), owner)) return;
  }
}

/** Deletes the lock if this run still holds it (never another run's). */
export async function releaseLock(store: KvStore, owner: LockOwner): Promise<void> {
  if (isOwnLock(await getOne(store, LOCK_KEY), owner)) await store.delete([LOCK_KEY]);
}
