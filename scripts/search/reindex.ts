/**
 * `npm run content:reindex -- --local|--remote`: rebuilds the search index
 * from the live list (docs/search.md). Every live article whose document is
 * missing or out of date is written, every indexed article no longer live is
 * removed; run it after a first deploy (once the migrations are applied), or
 * whenever the index may have missed a publish. Safe to run at any time and
 * as often as needed: it only writes what differs.
 */
import { parseArgs } from 'node:util';
import { API_PATHS } from '../../src/newsroom/api/wire.ts';
import { openStore } from '../content/store/kv.ts';
import { localSearchDb } from '../content/store/search-db.ts';
import { describeSync, syncTarget } from '../content/store/search-sync.ts';
import { exitAfterOutput } from '../lib/exit.ts';
import { openNewsroom } from '../lib/newsroom-client.ts';

const USAGE = 'uso: npm run content:reindex -- --local|--remote';

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { local: { type: 'boolean', default: false }, remote: { type: 'boolean', default: false } },
  });
  if (values.local === values.remote || positionals.length > 0) {
    console.error(`${USAGE}\n  diga qual índice refazer: --local (o que o npm start lê) ou --remote (produção)`);
    return 2;
  }
  const target = values.remote ? 'remote' : 'local';
  console.log(`Refazendo o índice da busca (${target === 'local' ? 'site local' : 'produção'}) a partir da lista ao vivo:`);
  if (target === 'remote') {
    // Production's index is rebuilt by the worker, through the newsroom's API (scripts/lib/newsroom-client.ts).
    const answer = await openNewsroom().post(API_PATHS.reindex, {});
    console.log(answer.message);
    return answer.ok ? 0 : 1;
  }
  // Locally one workerd serves both the news store and the search database (scripts/lib/local-bindings.ts).
  const result = await syncTarget(target, openStore(), localSearchDb(), undefined, (line) => console.log(line));
  console.log(`Pronto: ${describeSync(result)}.`);
  return 0;
}

// Every exit waits for the output to be written, so a pipe gets all of it (scripts/lib/exit.ts).
main(process.argv.slice(2)).then(exitAfterOutput, (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  exitAfterOutput(1);
});
