import { describeSync, type SearchDb, syncAfterSwitch, syncLive } from '../../../src/publishing/search-sync.ts';
import type { KvStore, Target } from '../../../src/publishing/stores/kv-store.ts';
import { localBundle } from '../bundle/served-bundle.ts';
import { applyMigrations, localSearchDb } from './search-db.ts';

export { describeSync };

/** How an editor repairs the index of a target. */
const reindexCommand = (target: Target) => `npm run content:reindex -- --${target}`;

const isMissingTable = (error: unknown) => /no such table/i.test(String(error instanceof Error ? error.message : error));

/**
 * Runs a sync; locally, a database never migrated (a clone that has not run
 * `npm start` yet) is migrated first and the sync run again. Remotely the
 * migrations are a deliberate step (docs/deploying.md).
 */
export async function syncTarget(
  target: Target,
  store: Pick<KvStore, 'get'>,
  db: SearchDb,
  slugs?: readonly string[],
  log?: (line: string) => void,
) {
  // After a switch, the slugs an earlier run's update left behind come too (syncAfterSwitch).
  const sync = () =>
    slugs ? syncAfterSwitch(db, store, { slugs, log, bundled: localBundle }) : syncLive(db, store, { log, bundled: localBundle });
  try {
    return await sync();
  } catch (error) {
    if (target !== 'local' || !isMissingTable(error)) throw error;
    applyMigrations();
    return sync();
  }
}

/**
 * After a publish or unpublish has switched the index (the articles are live,
 * or gone): updates the search index for the articles the run named, from the
 * live list read again. Also run when the run had nothing to write, so a
 * search index that missed an earlier run is repaired by running the command
 * again. A failure leaves the site as published and says how to repair the
 * index; the command then exits with an error.
 */
export async function updateSearchIndex(
  target: 'local',
  store: KvStore,
  slugs: readonly string[],
  print: (line: string) => void,
): Promise<boolean> {
  try {
    const result = await syncTarget(target, store, localSearchDb(), slugs, print);
    print(`Índice da busca (site local): ${describeSync(result)}.`);
    return true;
  } catch (error) {
    print('A mudança acima foi feita no site local, mas o índice da busca não pôde ser atualizado:');
    print(`  ${error instanceof Error ? error.message.split('\n').slice(0, 6).join('\n  ') : String(error)}`);
    print(`Para consertar: ${reindexCommand(target)}`);
    return false;
  }
}
