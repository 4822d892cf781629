import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const manifest = fileURLToPath(new URL('./dist/.vite/manifest.json', import.meta.url));
const migrations = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Three projects: the worker's tests run inside workerd with the bindings of
 * wrangler.toml (local KV, the built assets in dist/, so `npm test` builds
 * first); the browser code's tests run in happy-dom; a few pure helpers are
 * also checked under Node, where the time zone can be changed.
 */
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: './wrangler.toml' },
            // Each test sees its own KV changes at once; test/worker/edge-cache.test.ts turns it on.
            // The search database's migrations, applied by test/worker/d1-setup.ts.
            miniflare: { bindings: { EDGE_CACHE: 'off', TEST_MIGRATIONS: await readD1Migrations(migrations) } },
          })),
        ],
        resolve: { alias: { '@client/manifest': manifest } },
        test: { name: 'worker', include: ['test/worker/**/*.test.{ts,tsx}'], setupFiles: ['test/worker/d1-setup.ts'] },
      },
      {
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['test/client/**/*.test.{ts,tsx}'],
          // Scripts the code under test adds (the AdSense loader) are never fetched.
          environmentOptions: {
            happyDOM: { settings: { disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true } },
          },
        },
      },
      {
        test: { name: 'node', environment: 'node', include: ['test/node/**/*.test.ts'] },
      },
    ],
  },
});
