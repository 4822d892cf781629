import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pRetry from 'p-retry';

/**
 * wrangler run as a command, the one way the scripts run it: its own
 * command-line script under this Node (found without the PATH npm scripts
 * set), with no usage metrics sent (the machine may be offline).
 */
const WRANGLER_BIN = join(dirname(createRequire(import.meta.url).resolve('wrangler/package.json')), 'bin', 'wrangler.js');

const envOf = (extra: Record<string, string> = {}) => ({ ...process.env, WRANGLER_SEND_METRICS: 'false', ...extra });

/**
 * Runs a wrangler command to its end, not on a terminal (so it never asks);
 * its output, or an Error with what it printed.
 */
export function wrangler(args: string[], env?: Record<string, string>): string {
  const result = spawnSync(process.execPath, [WRANGLER_BIN, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: envOf(env),
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(`wrangler ${args.slice(0, 3).join(' ')} failed:\n${result.stderr || result.stdout || result.error}`);
  }
  return result.stdout;
}

export interface WranglerProcess {
  child: ChildProcess;
  /** Ends the process and what it started (workerd). */
  stop(): void;
}

/**
 * A wrangler command left running in a process group of its own: the Ctrl-C
 * that stops this process does not reach it, and stop() ends the whole group.
 */
export function startWrangler(args: string[], env?: Record<string, string>): WranglerProcess {
  const child = spawn(process.execPath, [WRANGLER_BIN, ...args], { stdio: 'ignore', detached: true, env: envOf(env) });
  return {
    child,
    stop: () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    },
  };
}

/** Resolves once `url` answers 200 (a site `wrangler dev` serves takes seconds to start); throws after `seconds`. */
export async function waitFor(url: string, seconds = 120): Promise<void> {
  const answers = async () => {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  };
  try {
    await pRetry(answers, { retries: Number.POSITIVE_INFINITY, maxRetryTime: seconds * 1000, factor: 1, minTimeout: 500 });
  } catch (cause) {
    throw new Error(`${url} did not come up`, { cause });
  }
}
