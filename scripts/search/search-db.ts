import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KvStore } from '../../src/publishing/kv-store.ts';
import { SELECT_VERSIONS } from '../../src/search/index-sql.ts';
import type { Target } from '../content/kv.ts';
import { whileBusy } from '../content/local-env.ts';

/** The binding of the search database in wrangler.toml. */
export const SEARCH_BINDING = 'SEARCH';

/**
 * What a sync needs of the search database: the local one in this process,
 * the production one through wrangler, a plain SQLite file in the tests.
 */
export interface SearchDb {
  /** Runs statements in order, each with `?1` bound to `json` (src/search/index-sql.ts). */
  run(statements: readonly string[], json: string): Promise<void>;
  /** slug → version of the indexed articles (of these slugs only, when given). */
  versions(slugs?: readonly string[]): Promise<Map<string, string>>;
  /** The largest JSON value one statement may carry. */
  maxJsonBytes: number;
  /** Sends what `run` may have kept back; a sync calls it before it returns. */
  flush?(): Promise<void>;
}

/** The versions query, for some slugs or all. */
const versionsSql = (slugs: readonly string[] | undefined) =>
  slugs ? `${SELECT_VERSIONS} WHERE slug IN (SELECT value FROM json_each(?1))` : SELECT_VERSIONS;

/** Rows of slug and version, checked: anything else is left out (a row without a version is rewritten). */
export function versionsOf(rows: readonly unknown[]): Map<string, string> {
  const versions = new Map<string, string>();
  for (const row of rows) {
    const { slug, version } = (row ?? {}) as { slug?: unknown; version?: unknown };
    if (typeof slug === 'string' && typeof version === 'string') versions.set(slug, version);
  }
  return versions;
}

/** What this file uses of a D1 binding (workerd's D1Database, without its types in the Node build). */
interface D1Binding {
  prepare(sql: string): { bind(...values: unknown[]): D1Statement } & D1Statement;
  batch(statements: D1Statement[]): Promise<unknown>;
}
interface D1Statement {
  all(): Promise<{ results: unknown[] }>;
}

/** What this file reads of the local KV binding: the live list and bodies, for a local sync. */
interface KvBinding {
  get(key: string, type: 'text'): Promise<string | null>;
}

/**
 * The local bindings (.wrangler/state, what `npm start` reads), opened once in this process as scripts/content/kv.ts opens KV.
 * wrangler is loaded here, on first use, not at import: loading it takes seconds, and `content:check` imports this file without using it.
 */
function localBindings() {
  let opened: Promise<{ SEARCH?: D1Binding; NEWS: KvBinding }> | undefined;
  return () =>
    (opened ??= import('wrangler')
      .then(({ getPlatformProxy }) => getPlatformProxy<{ SEARCH?: D1Binding; NEWS: KvBinding }>({ configPath: 'wrangler.toml' }))
      .then(({ env }) => env));
}

/**
 * The local news store, read-only, through the same bindings as the local
 * search database: a local sync starts workerd once, not twice.
 */
export function localNewsReader(bindings = localBindings()): Pick<KvStore, 'get'> {
  return {
    async get(keys) {
      const { NEWS } = await bindings();
      return new Map(await Promise.all(keys.map(async (key) => [key, await whileBusy(() => NEWS.get(key, 'text'))] as const)));
    },
  };
}

/** The local search database (and, through `news`, the local news store it is synced from). */
export function localSearchDb(
  bindings = localBindings(),
): SearchDb & { appliedMigrations(): Promise<string[]>; news: Pick<KvStore, 'get'> } {
  const db = async () => {
    const { SEARCH } = await bindings();
    if (!SEARCH) throw new Error(`wrangler.toml has no D1 binding ${SEARCH_BINDING}`);
    return SEARCH;
  };
  return {
    news: localNewsReader(bindings),
    // Local statements may be large: no request limits apply.
    maxJsonBytes: 4 * 1024 * 1024,
    async run(statements, json) {
      const d1 = await db();
      // A batch is one transaction: one that met another process's write changed nothing.
      await whileBusy(() => d1.batch(statements.map((sql) => d1.prepare(sql).bind(json))));
    },
    async versions(slugs) {
      const d1 = await db();
      const statement = d1.prepare(versionsSql(slugs));
      return versionsOf((await whileBusy(() => (slugs ? statement.bind(JSON.stringify(slugs)) : statement).all())).results);
    },
    /** The migrations wrangler recorded as applied (none before the first). */
    async appliedMigrations() {
      const d1 = await db();
      try {
        const { results } = await d1.prepare(`SELECT name FROM ${MIGRATIONS_TABLE}`).all();
        return results.map((row) => String((row as { name?: unknown }).name));
      } catch (error) {
        if (/no such table/i.test(String(error))) return [];
        throw error;
      }
    },
  };
}

/** Where wrangler records the migrations it applied (its default). */
const MIGRATIONS_TABLE = 'd1_migrations';
const MIGRATIONS_DIR = 'migrations';

/** The migration files, by name, as wrangler orders them. */
export const migrationFiles = (dir = MIGRATIONS_DIR) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();

/** A string as an SQL literal: quotes doubled (JSON text never holds a raw control character). */
export const sqlLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The statements with `?1` replaced by the literal: what `wrangler d1 execute --file` runs. */
export const inlined = (statements: readonly string[], json: string) =>
  // A function, so a `$&` in the text is never read as a replacement pattern.
  statements.map((sql) => `${sql.replaceAll('?1', () => sqlLiteral(json))};`).join('\n');

/** A `wrangler d1 execute` on the production database; its JSON output. */
export function wranglerD1(args: string[]): unknown {
  const result = spawnSync('wrangler', ['d1', 'execute', SEARCH_BINDING, '--remote', '--env', 'production', '--json', '--yes', ...args], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed:\n${result.stderr || result.stdout || result.error}`);
  // A file's import may print progress as well: its exit status is what counts.
  return args[0] === '--file' ? null : JSON.parse(result.stdout);
}

/** How much SQL one `wrangler d1 execute --file` carries: each call is a process and an upload. */
const FILE_BYTES = 4 * 1024 * 1024;

/**
 * The production database through `wrangler d1 execute --remote` (one
 * process per call). D1 refuses a statement over 100 KB, so documents go in
 * groups of at most 90 KB of JSON; the statements are kept back and sent
 * several megabytes to a file, so a large reindex makes few calls.
 */
export function remoteSearchDb(execute: (args: string[]) => unknown = wranglerD1): SearchDb {
  const dir = mkdtempSync(join(tmpdir(), 'search-d1-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  let files = 0;
  let pending: string[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const file = join(dir, `${files++}.sql`);
    writeFileSync(file, pending.join('\n'));
    pending = [];
    pendingBytes = 0;
    execute(['--file', file]);
  };
  return {
    maxJsonBytes: 90_000,
    flush,
    async run(statements, json) {
      const sql = inlined(statements, json);
      pending.push(sql);
      pendingBytes += Buffer.byteLength(sql);
      if (pendingBytes >= FILE_BYTES) await flush();
    },
    async versions(slugs) {
      await flush();
      const sql = slugs ? inlined([versionsSql(slugs)], JSON.stringify(slugs)) : versionsSql(undefined);
      const output = execute(['--command', sql]) as { results?: unknown[] }[];
      return versionsOf(output.flatMap((part) => part.results ?? []));
    },
  };
}

/** The search database of a target. */
export const openSearchDb = (target: Target): SearchDb => (target === 'local' ? localSearchDb() : remoteSearchDb());

/**
 * Applies migrations/ to the target's database with wrangler's own command,
 * which records what it applied and skips it next time.
 */
export function applyMigrations(target: Target): void {
  const scope = target === 'remote' ? ['--remote', '--env', 'production'] : ['--local'];
  const result = spawnSync('wrangler', ['d1', 'migrations', 'apply', SEARCH_BINDING, ...scope], {
    encoding: 'utf8',
    // Not a terminal: wrangler applies without asking.
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) throw new Error(`wrangler d1 migrations apply failed:\n${result.stderr || result.stdout || result.error}`);
}
