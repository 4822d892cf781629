import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const manifest = fileURLToPath(new URL('./dist/.vite/manifest.json', import.meta.url));
const migrations = fileURLToPath(new URL('./migrations', import.meta.url));

/** The worker's tests run inside workerd with the bindings of wrangler.toml. */
const workerd = () =>
  cloudflareTest(async () => ({
    wrangler: { configPath: './wrangler.toml' },
    // Each test sees its own KV changes at once; test/worker/caching/edge-cache.test.ts turns it on.
    // The migrations, applied to an emptied database before every file by test/worker/fresh-deployment.ts.
    miniflare: { bindings: { EDGE_CACHE: 'off', TEST_MIGRATIONS: await readD1Migrations(migrations) } },
  }));

/**
 * How long one test or hook may take before Vitest calls it hung. Vitest's
 * default, 5 s, is about the speed of the machine, not the code: on a busy CI
 * machine a first import alone can outlast it (docs/development.md, "Tests").
 * A test fails when behaviour breaks; this bound only stops a test that hangs.
 */
const HANG_MS = 120_000;
const bounds = { testTimeout: HANG_MS, hookTimeout: HANG_MS };

/** Tests that fill the stores with 100,000 articles: minutes, not seconds, so `npm run test:scale` runs them. */
const SCALE_TESTS = 'test/worker/**/*.scale.test.ts';

/**
 * Four projects: the worker's tests run inside workerd (local KV, the built
 * assets in dist/, so `npm test` builds first); the browser code's tests run
 * in happy-dom; a few pure helpers are also checked under Node, where the time
 * zone can be changed. `npm test` runs these three; the fourth, the worker's
 * 100,000-article tests, has its own script (`npm run test:scale`), which CI
 * runs too: the default loop stays short.
 */
/**
 * A worker project's files share one workerd runtime (`isolate: false`):
 * starting one per file (a Miniflare instance) cost more than all the tests
 * it ran. Each file still starts from a fresh deployment: the setup file
 * evaluates the project's modules afresh and empties KV, R2 and D1 before it.
 */
const worker = (name: string, include: string[], exclude: string[] = []) => ({
  plugins: [workerd()],
  resolve: { alias: { '@client/manifest': manifest } },
  test: { name, include, exclude, isolate: false, setupFiles: ['test/worker/fresh-deployment.ts'], ...bounds },
});

export default defineConfig({
  test: {
    // As many files at once as there are cores: Vitest's default keeps one core free, which on a
    // two-core machine ran every file one after another.
    maxWorkers: '100%',
    projects: [
      worker('worker', ['test/worker/**/*.test.{ts,tsx}'], [SCALE_TESTS]),
      worker('scale', [SCALE_TESTS]),
      {
        test: {
          name: 'client',
          environment: 'happy-dom',
          ...bounds,
          include: ['test/client/**/*.test.{ts,tsx}'],
          // Scripts the code under test adds (the AdSense loader) are never fetched.
          environmentOptions: {
            happyDOM: { settings: { disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true } },
          },
        },
      },
      {
        test: { name: 'node', environment: 'node', include: ['test/node/**/*.test.ts'], ...bounds },
      },
    ],
  },
});
