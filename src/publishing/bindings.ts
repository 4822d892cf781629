import { SELECT_PENDING } from '../search/index-sql';
import { type SearchDb, slugsOf, versionsOf, versionsSql } from './search-sync';
import type { KvStore } from './stores/kv-store';
import type { PublishDb, Row } from './stores/publish-state';

/**
 * The publishing engine's two stores over the worker's own bindings: the news
 * store (a KV namespace) and the publish state (a D1 database). The same code
 * serves the worker and, through wrangler's getPlatformProxy, what `npm start`
 * prepares in the local stores before serving them (scripts/search/local-search.ts).
 */

/** What the engine uses of a KV namespace (workerd's KVNamespace, structurally). */
export interface KvBinding {
  get(key: string, type: 'text'): Promise<string | null>;
  put(key: string, value: string | Uint8Array, options?: { expirationTtl?: number }): Promise<void>;
  delete(key: string): Promise<void>;
  list(options: { prefix: string; cursor?: string }): Promise<{ keys: { name: string }[]; list_complete: boolean; cursor?: string }>;
}

/** What the engine uses of a D1 database (workerd's D1Database, structurally). */
export interface D1Binding {
  prepare(sql: string): D1Statement;
  batch(statements: D1Statement[]): Promise<{ results?: unknown[] }[]>;
}
interface D1Statement {
  bind(...values: unknown[]): D1Statement;
  all(): Promise<{ results: unknown[] }>;
}

/** A call on a binding, as the caller wraps it (locally: tried again while another process writes the store). */
export type CallBinding = <T>(call: () => Promise<T>) => Promise<T>;

const direct: CallBinding = (call) => call();

/** The news store over a KV namespace. */
export function kvStoreOf(kv: KvBinding, call: CallBinding = direct): KvStore {
  return {
    async get(keys) {
      return new Map(await Promise.all(keys.map(async (key) => [key, await call(() => kv.get(key, 'text'))] as const)));
    },
    async put(entries) {
      for (const { key, value, expirationTtl } of entries) {
        // A plain Uint8Array: a Node Buffer does not cross wrangler's platform proxy as bytes.
        const bytes = typeof value === 'string' ? value : new Uint8Array(value);
        await call(() => kv.put(key, bytes, expirationTtl === undefined ? {} : { expirationTtl }));
      }
    },
    async delete(keys) {
      for (const key of keys) await call(() => kv.delete(key));
    },
    async list(prefix) {
      const names: string[] = [];
      for (let cursor: string | undefined; ; ) {
        const page = await call(() => kv.list({ prefix, cursor }));
        names.push(...page.keys.map(({ name }) => name));
        if (page.list_complete || !page.cursor) return names;
        cursor = page.cursor;
      }
    },
  };
}

/**
 * The statements of a run over a D1 database: one batch, which D1 runs as one
 * transaction. `?1`, `?2`… are D1's own numbered parameters.
 */
export const batchOf =
  (d1: D1Binding) =>
  async (statements: Parameters<PublishDb['run']>[0]): Promise<Row[][]> => {
    const results = await d1.batch(statements.map(({ sql, params }) => d1.prepare(sql).bind(...params)));
    return results.map((result) => (result.results ?? []) as Row[]);
  };

/**
 * The search index over a D1 database. `maxJsonBytes`: how much JSON one
 * statement carries (D1 takes statements of up to 100 KB).
 */
export function searchDbOf(d1: D1Binding, call: CallBinding = direct, maxJsonBytes = 90_000): SearchDb {
  return {
    maxJsonBytes,
    async run(statements, json) {
      // A batch is one transaction: one that failed changed nothing.
      await call(() => d1.batch(statements.map((sql) => d1.prepare(sql).bind(json))));
    },
    async versions(slugs) {
      const statement = d1.prepare(versionsSql(slugs));
      return versionsOf((await call(() => (slugs ? statement.bind(JSON.stringify(slugs)) : statement).all())).results);
    },
    async pending() {
      return slugsOf((await call(() => d1.prepare(SELECT_PENDING).all())).results);
    },
  };
}
