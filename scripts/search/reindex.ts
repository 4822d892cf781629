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
import { PORT_HELP, printAnswer, withNewsroom } from '../content/commands/args.ts';
import { exitAfterOutput } from '../lib/exit.ts';

const USAGE = `uso: npm run content:reindex -- --local|--remote [--port N]\n  ${PORT_HELP}`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { local: { type: 'boolean', default: false }, remote: { type: 'boolean', default: false }, port: { type: 'string' } },
  });
  if (values.local === values.remote || positionals.length > 0) {
    console.error(`${USAGE}\n  diga qual índice refazer: --local (o do site local) ou --remote (produção)`);
    return 2;
  }
  const target = values.remote ? 'remote' : 'local';
  console.log(`Refazendo o índice da busca (${target === 'local' ? 'site local' : 'produção'}) a partir da lista ao vivo:`);
  // The worker rebuilds it, through the newsroom's API (scripts/lib/newsroom-client.ts), locally as in production.
  return withNewsroom(target, values.port, async (newsroom) => printAnswer(await newsroom.post(API_PATHS.reindex, {})), {
    changesTheSite: false,
  });
}

// Every exit waits for the output to be written, so a pipe gets all of it (scripts/lib/exit.ts).
main(process.argv.slice(2)).then(exitAfterOutput, (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  exitAfterOutput(1);
});
