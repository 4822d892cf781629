/** What the commands use of a KV binding (workerd's KVNamespace, without its types in the Node build). */
export interface KvBinding {
  get(key: string, type: 'text'): Promise<string | null>;
  put(key: string, value: string | Uint8Array, options?: { expirationTtl?: number }): Promise<void>;
  delete(key: string): Promise<void>;
  list(options: { prefix: string; cursor?: string }): Promise<{ keys: { name: string }[]; list_complete: boolean; cursor?: string }>;
}

/** What the commands use of a D1 binding (workerd's D1Database). */
export interface D1Binding {
  prepare(sql: string): D1Statement;
  batch(statements: D1Statement[]): Promise<{ results?: unknown[] }[]>;
}
interface D1Statement {
  bind(...values: unknown[]): D1Statement;
}

let opened: Promise<{ NEWS: KvBinding; SEARCH?: D1Binding }> | undefined;

/**
 * The local bindings (.wrangler/state: what `npm start` reads), opened once
 * per process with wrangler's getPlatformProxy: the news store and the
 * publish state share one workerd. Closed by Miniflare's own exit hook.
 */
export const localEnv = () =>
  // wrangler is loaded here, not at start-up: it takes about 1.5 s, which a command that reads no store does not pay.
  (opened ??= import('wrangler')
    .then(({ getPlatformProxy }) => getPlatformProxy<{ NEWS: KvBinding; SEARCH?: D1Binding }>({ configPath: 'wrangler.toml' }))
    .then(({ env }) => env));
