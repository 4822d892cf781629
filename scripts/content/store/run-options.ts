import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname, uptime, userInfo } from 'node:os';
import { contentHash } from '../../../src/content/index/content-hash.ts';
import type { RunOptions } from '../../../src/publishing/run/run-options.ts';
import type { LockHolder, LockOwner } from '../../../src/publishing/stores/publish-state.ts';
import { localBundle } from '../bundle/served-bundle.ts';
import { localPublishDb } from './publish-db.ts';

/** How often a run waiting for the lock looks again: locally a statement takes milliseconds. */
const POLL_MS = 1_000;

/** How long a run waits for another one's lock: a publish takes seconds, a large migration a few minutes. */
const LOCK_WAIT_MS = 5 * 60_000;

function userName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/**
 * This boot of this machine: Linux's boot id, else the boot time (to the
 * second). With the host name, it tells a process of this machine from one of
 * another machine with the same name, whose pid means nothing here.
 */
export function bootId(): string {
  try {
    return `boot_id:${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()}`;
  } catch {
    return `booted:${Math.round(Date.now() / 1000 - uptime())}`;
  }
}

/** Whether two lock owners ran on the same machine since its last boot (a boot time read twice may differ by a second or two). */
function sameMachine(a: Pick<LockOwner, 'host' | 'boot'>, b: Pick<LockOwner, 'host' | 'boot'>): boolean {
  if (a.host !== b.host) return false;
  if (a.boot === b.boot) return true;
  const booted = (boot: string) => Number(/^booted:(\d+)$/.exec(boot)?.[1] ?? Number.NaN);
  return Math.abs(booted(a.boot) - booted(b.boot)) <= 5;
}

/** Whether a process of this machine runs (a process of another user still counts: EPERM). */
function processRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a lock holder is provably gone: it ran on this machine (same host
 * and boot) and its process no longer runs. A pid since reused by another
 * process looks alive: that lock is waited for until it expires, as one of
 * another machine is.
 */
export const holderGone = (holder: LockHolder, me: LockOwner) =>
  sameMachine(holder, me) && holder.pid !== me.pid && !processRunning(holder.pid);

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * On Ctrl-C (SIGINT) or SIGTERM while a run may hold the lock: starts the
 * lock's release in a process of its own (it outlives this one, which the
 * signal may already be tearing down: locally its workerd gets the Ctrl-C
 * too) and exits as interrupted. Nothing here blocks, so tsx, which kills its
 * child if it does not acknowledge a signal within 30 ms, lets it finish.
 * Placed ahead of the listeners already there (wrangler's exit hook, which
 * would exit first); tsx's own listener hides from `process.listeners` and
 * stays first.
 */
function onInterrupt(log: (line: string) => void) {
  return (release: () => void) => {
    const handler = (signal: NodeJS.Signals) => {
      try {
        release();
        log(
          'Interrompido: soltando a trava de publicação. O site está como antes ou como depois da mudança: rode o mesmo comando de novo para terminá-la.',
        );
      } catch (error) {
        log(
          `Interrompido; não foi possível soltar a trava de publicação (${error instanceof Error ? error.message.split('\n')[0] : error}): a próxima publicação nesta máquina a assume na hora; em outra máquina, ela expira em até 5 minutos.`,
        );
      }
      process.exit(signal === 'SIGINT' ? 130 : 143);
    };
    for (const signal of SIGNALS) {
      const before = process.listeners(signal);
      for (const listener of before) process.off(signal, listener);
      process.on(signal, handler);
      for (const listener of before) process.on(signal, listener as (signal: NodeJS.Signals) => void);
    }
    return () => {
      for (const signal of SIGNALS) process.off(signal, handler);
    };
  };
}

/**
 * A pause right after the lock is taken, for the tests that interrupt a run
 * holding it (test/e2e/publishing/concurrent-publish.spec.ts): CONTENT_PAUSE_AFTER_LOCK_MS.
 */
function pauseAfterLock(log: (line: string) => void, env: Record<string, string | undefined> = process.env) {
  const ms = Number(env.CONTENT_PAUSE_AFTER_LOCK_MS ?? 0);
  if (!(ms > 0)) return undefined;
  return async () => {
    log(`  holding the lock, pausing ${ms} ms (CONTENT_PAUSE_AFTER_LOCK_MS)`);
    await new Promise((resolve) => setTimeout(resolve, ms));
  };
}

/**
 * A local run (remote ones run in the worker, through the newsroom's API): the
 * real clock, the local publish state and pauses, and this process as the
 * lock's owner; `site` is the origin the log shows.
 */
export function runOptions(target: 'local', command: string, log: (line: string) => void, site?: string): RunOptions {
  const owner: LockOwner = {
    id: randomUUID(),
    host: hostname(),
    boot: bootId(),
    user: userName(),
    pid: process.pid,
    command: `content:${command} --${target}`,
  };
  return {
    site,
    target,
    hash: contentHash,
    owner,
    db: localPublishDb(),
    // The bundle `npm start` built and serves; content/ may hold articles written since.
    bundled: localBundle,
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    pollMs: POLL_MS,
    // A local write is seen at once.
    kvSettleMs: 0,
    lockWaitMs: LOCK_WAIT_MS,
    log,
    holderGone: (holder) => holderGone(holder, owner),
    onInterrupt: onInterrupt(log),
    afterLock: pauseAfterLock(log),
  };
}
