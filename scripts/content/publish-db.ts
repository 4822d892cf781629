import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { batchOf } from '../../src/publishing/bindings.ts';
import type { PublishDb, Row, SqlValue, Statement } from '../../src/publishing/publish-state.ts';
import { applyMigrations, SEARCH_BINDING, sqlLiteral, wranglerD1 } from '../search/search-db.ts';
import type { Target } from './kv.ts';
import { busyPause, isLocalBusy, LOCAL_BUSY_RETRY_MS, localEnv } from './local-env.ts';

/**
 * The publish state's database (src/publishing/publish-state.ts) for a target: the D1
 * database SEARCH of wrangler.toml, which holds the table
 * (migrations/0003_publish_state.sql). Locally it is opened in this process,
 * as the news store is (local-env.ts); remotely every call is one
 * `wrangler d1 execute --remote` process (a second or two), so a run batches
 * its statements: taking the lock, the switch and the release are one call
 * each.
 */
export const openPublishDb = (target: Target): PublishDb => (target === 'local' ? localPublishDb() : remotePublishDb());

/** A value as an SQL literal. */
function literal(value: SqlValue | undefined): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer for SQL: ${value}`);
    return String(value);
  }
  if (typeof value === 'string') return sqlLiteral(value);
  throw new Error('a statement parameter is missing');
}

/** The statements with `?N` written out as literals, one SQL text: what `wrangler d1 execute --command` runs. */
export const inlinedSql = (statements: readonly Statement[]) =>
  statements.map(({ sql, params }) => sql.replace(/\?(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]))).join(';\n');

/** The rows of each statement from `wrangler d1 execute --json`'s output (one entry per statement). */
export function rowsOfOutput(output: unknown, count: number): Row[][] {
  if (!Array.isArray(output) || output.length !== count) {
    throw new Error(`wrangler d1 execute answered ${JSON.stringify(output)?.slice(0, 200)}, not ${count} result(s)`);
  }
  return output.map((part: { results?: unknown }) => {
    if (!Array.isArray(part?.results)) throw new Error('wrangler d1 execute answered a result without rows');
    return part.results as Row[];
  });
}

const isMissingTable = (error: unknown) => /no such table:? publish_state/i.test(String(error instanceof Error ? error.message : error));

/** What to do when the table does not exist yet on the target. */
const missingTable = (target: Target) =>
  new Error(
    target === 'remote'
      ? 'a tabela do estado de publicação (migrations/0003_publish_state.sql) ainda não existe no banco de produção: aplique as migrações com `npx wrangler d1 migrations apply SEARCH --remote --env production` (docs/deploying.md) e rode o comando de novo. Nada foi gravado.'
      : 'a tabela do estado de publicação (migrations/0003_publish_state.sql) não pôde ser criada no banco local: rode `npx wrangler d1 migrations apply SEARCH --local` e depois o comando de novo. Nada foi gravado.',
  );

/**
 * The production database through `wrangler d1 execute --remote --json`:
 * parameters are written into the SQL as literals (the command takes no
 * bindings). D1 runs a call's statements in order; each compare-and-set is a
 * single statement, so it is atomic whatever D1 does with the rest.
 */
export function remotePublishDb(execute: (args: string[]) => unknown = wranglerD1): PublishDb {
  return {
    async run(statements) {
      try {
        return rowsOfOutput(execute(['--command', inlinedSql(statements)]), statements.length);
      } catch (error) {
        throw isMissingTable(error) ? missingTable('remote') : error;
      }
    },
    runDetached: (statements) => detachedWrangler(['--remote', '--env', 'production'], statements),
  };
}

/** wrangler's command-line script, run under this Node: found without the PATH npm scripts set. */
const WRANGLER_BIN = join(dirname(createRequire(import.meta.url).resolve('wrangler/package.json')), 'bin', 'wrangler.js');

/**
 * `wrangler d1 execute` in a process of its own: its own process group, so
 * the Ctrl-C that stops this process does not stop it, and not waited for.
 */
function detachedWrangler(scope: string[], statements: readonly Statement[]): void {
  spawn(process.execPath, [WRANGLER_BIN, 'd1', 'execute', SEARCH_BINDING, ...scope, '--yes', '--command', inlinedSql(statements)], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  }).unref();
}

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
    const d1 = (await env()).SEARCH;
    if (!d1) throw new Error(`wrangler.toml has no D1 binding ${SEARCH_BINDING}`);
    return batchOf(d1)(statements);
  };
  return {
    async run(statements) {
      // Also while another run applies the migrations (the table still missing).
      const deadline = Date.now() + LOCAL_BUSY_RETRY_MS;
      for (;;) {
        try {
          return await once(statements);
        } catch (error) {
          if (Date.now() > deadline) throw isMissingTable(error) ? missingTable('local') : error;
          if (isMissingTable(error) && !migrated) {
            migrated = true;
            try {
              applyMigrations('local');
            } catch {
              // Another run may be applying them at this moment (its wrangler then wins): look again.
            }
            continue;
          }
          if (!isMissingTable(error) && !isLocalBusy(error)) throw error;
          await (isLocalBusy(error) ? busyPause() : new Promise((resolve) => setTimeout(resolve, 500)));
        }
      }
    },
    runDetached: (statements) => detachedWrangler(['--local'], statements),
  };
}
