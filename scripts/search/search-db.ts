import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kvStoreOf, searchDbOf } from '../../src/publishing/bindings.ts';
import type { KvStore } from '../../src/publishing/kv-store.ts';
import { type SearchDb, versionsOf, versionsSql } from '../../src/publishing/search-sync.ts';
import type { Target } from '../content/kv.ts';
import { localEnv, whileBusy } from '../content/local-env.ts';

/** The binding of the search database in wrangler.toml. */
export const SEARCH_BINDING = 'SEARCH';

/**
 * The local search database (and, through `news`, the local news store it is
 * synced from), in the one workerd this process opens for the local bindings
 * (scripts/content/local-env.ts).
 */
export function localSearchDb(): SearchDb & { appliedMigrations(): Promise<string[]>; news: Pick<KvStore, 'get'> } {
  const opened = localEnv().then(({ NEWS, SEARCH }) => {
    if (!SEARCH) throw new Error(`wrangler.toml has no D1 binding ${SEARCH_BINDING}`);
    // Local statements may be large: no request limits apply.
    return { d1: SEARCH, news: kvStoreOf(NEWS, whileBusy), search: searchDbOf(SEARCH, whileBusy, 4 * 1024 * 1024) };
  });
  return {
    news: { get: async (keys) => (await opened).news.get(keys) },
    maxJsonBytes: 4 * 1024 * 1024,
    run: async (statements, json) => (await opened).search.run(statements, json),
    versions: async (slugs) => (await opened).search.versions(slugs),
    /** The migrations wrangler recorded as applied (none before the first). */
    async appliedMigrations() {
      const { d1 } = await opened;
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
