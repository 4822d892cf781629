/**
 * Run by `npm start` before `wrangler dev`: migrates the local search
 * database and indexes the local live list (the bundled articles on a fresh
 * clone, or what an editor published locally), so /busca works with nothing
 * else to run. Idempotent and quick: migrations already applied and articles
 * already indexed are skipped. A failure is reported and the site still
 * starts (its search page then says the search is unavailable).
 */

import { openStore } from '../content/store/kv.ts';
import { applyMigrations, localSearchDb, migrationFiles } from '../content/store/search-db.ts';
import { describeSync, syncTarget } from '../content/store/search-sync.ts';

try {
  const db = localSearchDb();
  // wrangler's own command (a second or two) only when a migration is still to apply.
  const applied = new Set(await db.appliedMigrations());
  if (migrationFiles().some((name) => !applied.has(name))) applyMigrations();
  const result = await syncTarget('local', openStore(), db);
  console.log(`Índice da busca (site local): ${describeSync(result)}.`);
} catch (error) {
  console.warn(
    `Não foi possível preparar o índice da busca local; /busca vai dizer que a busca está indisponível.\n${error instanceof Error ? error.message : error}`,
  );
}
process.exit(0);
