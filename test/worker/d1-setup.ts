import { applyD1Migrations, type D1Migration, env } from 'cloudflare:test';

/** migrations/, read in Node by vitest.config.ts (readD1Migrations) and passed as a binding of the tests alone. */
const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: D1Migration[] };

// Every worker test sees the search database as `npm start` and a deploy leave
// it: migrated. Migrations already applied are skipped, so this is cheap.
await applyD1Migrations(env.DB, TEST_MIGRATIONS);
