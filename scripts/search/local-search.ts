import { readdirSync } from 'node:fs';
import { kvStoreOf, searchDbOf } from '../../src/publishing/bindings.ts';
import { type SearchDb, type SyncResult, syncLive } from '../../src/publishing/search-sync.ts';
import { localBundle } from '../content/bundle/served-bundle.ts';
import { localEnv, whileBusy } from '../lib/local-bindings.ts';
import { wrangler } from '../lib/wrangler.ts';

/**
 * What `npm start` does to the local site's stores before `wrangler dev`
 * serves them (scripts/search/prepare-local.ts): the migrations applied, and
 * the search index brought in line with the local live list. Everything that
 * changes the site afterwards goes through the worker (the newsroom and its
 * API, which the commands call).
 */

/** The binding of the search database in wrangler.toml. */
const D1_BINDING = 'DB';
/** Where wrangler records the migrations it applied (its default). */
const MIGRATIONS_TABLE = 'd1_migrations';
const MIGRATIONS_DIR = 'migrations';

/** The migration files, by name, as wrangler orders them. */
export const migrationFiles = (dir = MIGRATIONS_DIR) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();

/**
 * The local bindings `npm start` serves (.wrangler/state), opened in this
 * process with wrangler's getPlatformProxy (scripts/lib/local-bindings.ts).
 */
const opened = () =>
  localEnv().then(({ NEWS, DB }) => {
    if (!DB) throw new Error(`wrangler.toml has no D1 binding ${D1_BINDING}`);
    // Local statements may be large: no request limits apply.
    return { d1: DB, store: kvStoreOf(NEWS, whileBusy), search: searchDbOf(DB, whileBusy, 4 * 1024 * 1024) };
  });

/** The migrations wrangler recorded as applied to the local database (none before the first). */
export async function appliedMigrations(): Promise<string[]> {
  const { d1 } = await opened();
  try {
    const { results } = await d1.prepare(`SELECT name FROM ${MIGRATIONS_TABLE}`).all();
    return results.map((row) => String((row as { name?: unknown }).name));
  } catch (error) {
    if (/no such table/i.test(String(error))) return [];
    throw error;
  }
}

/**
 * Applies migrations/ to the local database with wrangler's own command,
 * which records what it applied and skips it next time (production's are a
 * deliberate step of a deploy: README, "Deploying").
 */
export function applyMigrations(): void {
  wrangler(['d1', 'migrations', 'apply', D1_BINDING, '--local']);
}

/** The local search index brought in line with the whole local live list (the bundled one until something is published). */
export async function syncLocalSearch(): Promise<SyncResult> {
  const { store, search } = await opened();
  return syncLive(search satisfies SearchDb, store, { bundled: localBundle });
}
