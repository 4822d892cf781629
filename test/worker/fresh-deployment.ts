import { applyD1Migrations, type D1Migration, env } from 'cloudflare:test';

/**
 * Runs before every worker test file. The worker project shares one workerd
 * runtime between its files (`isolate: false` in vitest.config.ts: starting a
 * runtime per file cost more than all the tests), so this gives each file what
 * a runtime of its own gave it: a fresh deployment, with modules evaluated
 * afresh (no per-isolate cache, key set or index copy left by the file before),
 * empty KV and R2, and a database with the migrations applied and nothing else.
 * The Cache API keeps its entries: its keys hold the path and the deployed
 * version, and the tests that turn it on use paths or versions of their own.
 */

/** migrations/, read in Node by vitest.config.ts (readD1Migrations) and passed as a binding of the tests alone. */
const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: D1Migration[] };

/**
 * Vitest's record of the modules this runtime evaluated (its internal worker
 * state, which `@cloudflare/vitest-plugin` reads too). The project's own
 * modules are marked unevaluated, as `vi.resetModules()` marks every module,
 * so the test file imports them afresh; the libraries in node_modules hold
 * none of the site's state and stay evaluated (evaluating them again for every
 * file took longer than the tests).
 */
interface EvaluatedModule {
  promise?: unknown;
  exports?: unknown;
  evaluated: boolean;
  importers: Set<string>;
}
const { evaluatedModules } = (
  globalThis as unknown as { __vitest_worker__: { evaluatedModules: { idToModuleMap: Map<string, EvaluatedModule> } } }
).__vitest_worker__;
for (const [id, node] of evaluatedModules.idToModuleMap) {
  if (id.includes('/node_modules/')) continue;
  node.promise = undefined;
  node.exports = undefined;
  node.evaluated = false;
  node.importers.clear();
}

async function emptyKv(kv: KVNamespace): Promise<void> {
  for (;;) {
    const { keys } = await kv.list();
    if (keys.length === 0) return;
    await Promise.all(keys.map((key) => kv.delete(key.name)));
  }
}

async function emptyBucket(bucket: R2Bucket): Promise<void> {
  for (;;) {
    const { objects } = await bucket.list();
    if (objects.length === 0) return;
    await bucket.delete(objects.map((object) => object.key));
  }
}

/** Drops every table (full-text tables first, which drop their own shadow tables; then newest first, so a table goes before those it references). */
async function emptyDatabase(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare(
      "SELECT name, sql LIKE 'CREATE VIRTUAL%' AS virtual FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY virtual DESC, rowid DESC",
    )
    .all<{ name: string }>();
  if (results.length === 0) return;
  await db.batch(results.map(({ name }) => db.prepare(`DROP TABLE IF EXISTS "${name}"`)));
}

await Promise.all([emptyKv(env.NEWS), emptyBucket(env.MEDIA), emptyDatabase(env.DB)]);
await applyD1Migrations(env.DB, TEST_MIGRATIONS);
