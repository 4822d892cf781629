import pRetry from 'p-retry';
import type { D1Binding, KvBinding } from '../../src/publishing/bindings.ts';

/**
 * The one module that opens workerd's local bindings for the scripts: the
 * local site's stores (getPlatformProxy), and a scratch worker's (Miniflare).
 */

let opened: Promise<{ NEWS: KvBinding; DB?: D1Binding }> | undefined;

/**
 * The local bindings (.wrangler/state: what `npm start` reads), opened once
 * per process with wrangler's getPlatformProxy: the news store and the
 * publish state share one workerd. Closed by Miniflare's own exit hook.
 */
export const localEnv = () =>
  // wrangler is loaded here, not at start-up: a command that reads no store does not pay for loading it.
  (opened ??= import('wrangler')
    .then(({ getPlatformProxy }) => getPlatformProxy<{ NEWS: KvBinding; DB?: D1Binding }>({ configPath: 'wrangler.toml' }))
    .then(({ env }) => env));

/** The static assets binding of a scratch worker: empty. */
const noAssets = () => new Response(null, { status: 404 });

/**
 * A worker script in workerd with bindings of its own, in memory and empty:
 * the D1 database DB, the KV namespace NEWS, and no static assets. The bench
 * runs the bundled worker this way, as `wrangler dev` would, on a database it fills.
 */
export async function scratchWorker(script: string, vars: Record<string, string>) {
  const { Miniflare, convertV4MiniflareOptions } = await import('miniflare');
  return new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        {
          name: 'main',
          modules: true,
          scriptPath: script,
          compatibilityDate: '2026-11-01',
          d1Databases: ['DB'],
          kvNamespaces: ['NEWS'],
          bindings: vars,
          serviceBindings: { ASSETS: noAssets },
        },
      ],
    }),
  );
}

/**
 * A call on the local store, tried again while another process writes the
 * same store. Several local runs and `npm start` each open .wrangler/state in
 * a workerd of their own, and its SQLite files admit one writer at a time: a
 * call that meets another process's write fails having changed nothing (D1:
 * SQLITE_BUSY; KV: "KV PUT failed: 500", seen with two processes writing at
 * once). For up to a minute, after a short random pause each time, so that two
 * processes that met do not meet again at once; `alsoWhile` names other
 * failures worth waiting out, and `onFailure` may act on one first.
 */
export function whileBusy<T>(
  call: () => Promise<T>,
  { alsoWhile = () => false, onFailure }: { alsoWhile?: (error: unknown) => boolean; onFailure?: (error: unknown) => void } = {},
): Promise<T> {
  return pRetry(call, {
    retries: Number.POSITIVE_INFINITY,
    maxRetryTime: 60_000,
    factor: 1,
    minTimeout: 50,
    randomize: true,
    onFailedAttempt: ({ error }) => onFailure?.(error),
    shouldRetry: ({ error }) => isLocalBusy(error) || alsoWhile(error),
  });
}

const isLocalBusy = (error: unknown) =>
  /SQLITE_BUSY|database is locked|KV \w+ failed: 5\d\d/i.test(String(error instanceof Error ? error.message : error));
