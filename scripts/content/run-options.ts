import { randomUUID } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import { buildContentBundle } from './bundle.ts';
import { contentHash } from './content-hash.ts';
import type { Target } from './kv.ts';
import type { RunOptions } from './run.ts';

/**
 * How long a KV write may take to be seen by the next read, per target: the
 * pause between writing the lock and reading it back, and between the switch
 * and the check that it held. Locally a write is seen at once and takes
 * milliseconds; the pause covers another run's write still on its way.
 * Remotely each write is a wrangler process and an API call (a few seconds),
 * and KV only promises that other places see it within 60 s.
 */
const SETTLE_MS: Record<Target, number> = { local: 1_000, remote: 10_000 };

/** How long a run waits for another one's lock: a publish takes seconds, a large migration a few minutes. */
const LOCK_WAIT_MS = 5 * 60_000;

function userName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** The real clock, the real store's pauses, and this process as the lock's owner. */
export function runOptions(target: Target, command: string, log: (line: string) => void): RunOptions {
  return {
    hash: contentHash,
    owner: { id: randomUUID(), host: hostname(), user: userName(), pid: process.pid, command: `content:${command} --${target}` },
    bundled: () => buildContentBundle(),
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    settleMs: SETTLE_MS[target],
    lockWaitMs: LOCK_WAIT_MS,
    log,
  };
}
