import { batchOf } from '../../../src/publishing/bindings.ts';
import type { PublishDb, SqlValue, Statement } from '../../../src/publishing/stores/publish-state.ts';
import { localEnv, whileBusy } from '../../lib/local-bindings.ts';
import { startWrangler } from '../../lib/wrangler.ts';
import { applyMigrations, D1_BINDING } from './search-db.ts';

/**
 * The publish state's database (src/publishing/stores/publish-state.ts) of the local
 * site: the D1 database DB of wrangler.toml, which holds the table
 * (migrations/0003_publish_state.sql), opened in this process as the news
 * store is (scripts/lib/local-bindings.ts). Production's is the worker's own binding, reached
 * through the newsroom's API (scripts/lib/newsroom-client.ts).
 */
/** A value as an SQL literal. */
function literal(value: SqlValue | undefined): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer for SQL: ${value}`);
    return String(value);
  }
  // Quotes doubled (JSON text never holds a raw control character).
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  throw new Error('a statement parameter is missing');
}

/** The statements with `?N` written out as literals, one SQL text: what `wrangler d1 execute --command` runs. */
export const inlinedSql = (statements: readonly Statement[]) =>
  statements.map(({ sql, params }) => sql.replace(/\?(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]))).join(';\n');

const isMissingTable = (error: unknown) => /no such table:? publish_state/i.test(String(error instanceof Error ? error.message : error));

/** What to do when the table could not be made in the local database. */
const missingTable = () =>
  new Error(
    'a tabela do estado de publicação (migrations/0003_publish_state.sql) não pôde ser criada no banco local: rode `npx wrangler d1 migrations apply DB --local` e depois o comando de novo. Nada foi gravado.',
  );

/**
 * `wrangler d1 execute` in a process of its own: its own process group, so
 * the Ctrl-C that stops this process does not stop it, and not waited for.
 */
const detachedWrangler = (scope: string[], statements: readonly Statement[]) =>
  startWrangler(['d1', 'execute', D1_BINDING, ...scope, '--yes', '--command', inlinedSql(statements)]).child.unref();

/**
 * The local database (.wrangler/state) in this process. Several local runs
 * (and `npm start`) open the same SQLite file, whose locks make each
 * statement atomic across them; a statement that meets another process's
 * write gets SQLITE_BUSY having changed nothing, and is tried again. A
 * database never migrated (a clone that has not run `npm start`) is migrated
 * first. `runDetached` runs `wrangler d1 execute --local` in a process of its
 * own: what still works on Ctrl-C, which stops this process's workerd too.
 */
export function localPublishDb(env = localEnv): PublishDb {
  let migrated = false;
  const once = async (statements: readonly Statement[]) => {
    const d1 = (await env()).DB;
    if (!d1) throw new Error(`wrangler.toml has no D1 binding ${D1_BINDING}`);
    return batchOf(d1)(statements);
  };
  return {
    async run(statements) {
      try {
        // Also while another run applies the migrations (the table still missing).
        return await whileBusy(() => once(statements), {
          alsoWhile: isMissingTable,
          onFailure(error) {
            if (!isMissingTable(error) || migrated) return;
            migrated = true;
            try {
              applyMigrations();
            } catch {
              // Another run may be applying them at this moment (its wrangler then wins): look again.
            }
          },
        });
      } catch (error) {
        throw isMissingTable(error) ? missingTable() : error;
      }
    },
    runDetached: (statements) => detachedWrangler(['--local'], statements),
  };
}
