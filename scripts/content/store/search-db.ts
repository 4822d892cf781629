import { readdirSync } from 'node:fs';
import { searchDbOf } from '../../../src/publishing/bindings.ts';
import type { SearchDb } from '../../../src/publishing/search-sync.ts';
import { localEnv, whileBusy } from '../../lib/local-bindings.ts';
import { wrangler } from '../../lib/wrangler.ts';

/** The binding of the search database in wrangler.toml. */
export const D1_BINDING = 'DB';

/**
 * The local search database (and, through `news`, the local news store it is
 * synced from), in the one workerd this process opens for the local bindings
 * (scripts/lib/local-bindings.ts).
 */
export function localSearchDb(): SearchDb & { appliedMigrations(): Promise<string[]> } {
  const opened = localEnv().then(({ DB }) => {
    if (!DB) throw new Error(`wrangler.toml has no D1 binding ${D1_BINDING}`);
    // Local statements may be large: no request limits apply.
    return { d1: DB, search: searchDbOf(DB, whileBusy, 4 * 1024 * 1024) };
  });
  return {
    maxJsonBytes: 4 * 1024 * 1024,
    run: async (statements, json) => (await opened).search.run(statements, json),
    versions: async (slugs) => (await opened).search.versions(slugs),
    pending: async () => (await opened).search.pending(),
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

/**
 * Applies migrations/ to the local database with wrangler's own command,
 * which records what it applied and skips it next time (production's are a
 * deliberate step of a deploy: README, "Deploying").
 */
export function applyMigrations(): void {
  wrangler(['d1', 'migrations', 'apply', D1_BINDING, '--local']);
}
