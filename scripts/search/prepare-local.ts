/**
 * Run by `npm start` before `wrangler dev`: migrates the local database and
 * indexes the local live list (the bundled articles on a fresh clone, or what
 * an editor published locally), so /busca works with nothing else to run.
 * Idempotent and quick: migrations already applied and articles already
 * indexed are skipped. A failure is reported and the site still starts (its
 * search page then says the search is unavailable).
 */

import { describeSync } from '../../src/publishing/search-sync.ts';
import { appliedMigrations, applyMigrations, migrationFiles, syncLocalSearch } from './local-search.ts';

try {
  // wrangler's own command (a second or two) only when a migration is still to apply.
  const applied = new Set(await appliedMigrations());
  if (migrationFiles().some((name) => !applied.has(name))) applyMigrations();
  console.log(`Índice da busca (site local): ${describeSync(await syncLocalSearch())}.`);
} catch (error) {
  console.warn(
    `Não foi possível preparar o índice da busca local; /busca vai dizer que a busca está indisponível.\n${error instanceof Error ? error.message : error}`,
  );
}
process.exit(0);
