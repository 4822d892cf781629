import { fileURLToPath } from 'node:url';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const manifest = fileURLToPath(new URL('./dist/.vite/manifest.json', import.meta.url));

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
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            // Each test sees its own KV changes at once; test/worker/edge-cache.test.ts turns it on.
            miniflare: { bindings: { EDGE_CACHE: 'off' } },
          }),
        ],
        resolve: { alias: { '@client/manifest': manifest } },
        test: { name: 'worker', include: ['test/worker/**/*.test.{ts,tsx}'] },
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
