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
  // wrangler is loaded here, not at start-up: it takes about 1.5 s, which a command that reads no store does not pay.
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
 * How long a local call keeps retrying while another process writes the same
 * store. Several local runs and `npm start` each open .wrangler/state in a
 * workerd of their own, and its SQLite files admit one writer at a time: a
 * call that meets another process's write fails having changed nothing (D1:
 * SQLITE_BUSY; KV: "KV PUT failed: 500", seen with two processes writing at
 * once), and is tried again.
 */
export const LOCAL_BUSY_RETRY_MS = 60_000;

export const isLocalBusy = (error: unknown) =>
  /SQLITE_BUSY|database is locked|KV \w+ failed: 5\d\d/i.test(String(error instanceof Error ? error.message : error));

/** A short random pause, so that two processes that met do not meet again at once. */
export const busyPause = () => new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 90));

/** Runs a call on a local binding, again while the store is busy, for up to {@link LOCAL_BUSY_RETRY_MS}. */
export async function whileBusy<T>(call: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCAL_BUSY_RETRY_MS;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (!isLocalBusy(error) || Date.now() > deadline) throw error;
      await busyPause();
    }
  }
}
