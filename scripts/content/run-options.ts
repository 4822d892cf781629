import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { parse as parseToml } from 'smol-toml';
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

/** The port `npm start` (wrangler dev) listens on unless told otherwise. */
export const DEFAULT_LOCAL_PORT = 8787;

/**
 * The port of the local site: `--port`, else the PORT environment variable,
 * else 8787. A value that is not a port is a RangeError that names it.
 */
export function localPort(flag: string | undefined, env: Record<string, string | undefined> = process.env): number {
  const [value, from] = flag !== undefined ? [flag, '--port'] : env.PORT ? [env.PORT, 'PORT'] : [String(DEFAULT_LOCAL_PORT), ''];
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65_535) throw new RangeError(`${from} "${value}" is not a port number (1 to 65535)`);
  return port;
}

/**
 * The site's origin, for the addresses the commands print: locally
 * http://localhost:<port>; remotely SITE_URL of [env.production.vars] in
 * wrangler.toml, the production site's address.
 */
export function siteUrl(target: Target, { port = DEFAULT_LOCAL_PORT, config = 'wrangler.toml' } = {}): string {
  if (target === 'local') return `http://localhost:${port}`;
  const toml = parseToml(readFileSync(config, 'utf8')) as { env?: { production?: { vars?: { SITE_URL?: unknown } } } };
  const url = toml.env?.production?.vars?.SITE_URL;
  return typeof url === 'string' && url !== '' ? url.replace(/\/+$/, '') : '(SITE_URL of [env.production.vars])';
}

/** The real clock, the real store's pauses, and this process as the lock's owner; `site` is the origin the log shows. */
export function runOptions(target: Target, command: string, log: (line: string) => void, site?: string): RunOptions {
  return {
    site,
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
