import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';

/**
 * Where the site is, for the scripts: the local one `npm start` serves, and
 * production's address for the addresses the commands print.
 */

/** The port `npm start` (wrangler dev) listens on unless told otherwise. */
export const DEFAULT_LOCAL_PORT = 8787;

/**
 * The port of the local site: `--port`, else the PORT environment variable,
 * else 8787. A value that is not a port is a RangeError that names it.
 */
export function localPort(flag: string | undefined, env: Record<string, string | undefined> = process.env): number {
  const [value, from] = flag !== undefined ? [flag, '--port'] : env.PORT ? [env.PORT, 'PORT'] : [String(DEFAULT_LOCAL_PORT), ''];
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65_535) throw new RangeError(`${from} "${value}" não é um número de porta (de 1 a 65535)`);
  return port;
}

/**
 * The site's origin, for the addresses the commands print: locally
 * http://localhost:<port>; remotely SITE_URL of [env.production.vars] in
 * wrangler.toml, the production site's address.
 */
export function siteUrl(target: 'local' | 'remote', { port = DEFAULT_LOCAL_PORT, config = 'wrangler.toml' } = {}): string {
  if (target === 'local') return `http://localhost:${port}`;
  const toml = parseToml(readFileSync(config, 'utf8')) as { env?: { production?: { vars?: { SITE_URL?: unknown } } } };
  const url = toml.env?.production?.vars?.SITE_URL;
  return typeof url === 'string' && url !== '' ? url.replace(/\/+$/, '') : '(SITE_URL of [env.production.vars])';
}

/**
 * The address of the local site `npm start` serves: port 8787, or the PORT
 * environment variable, as `npm start` itself reads it. The browser tests, the
 * audit and the screenshots follow it, so two checkouts can each run their own
 * site and tests side by side (`PORT=8797 npm run test:e2e`).
 */
export const LOCAL_SITE_URL = `http://localhost:${process.env.PORT || DEFAULT_LOCAL_PORT}`;
