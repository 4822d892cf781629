import { fileURLToPath } from 'node:url';
import devServer from '@hono/vite-dev-server';
import cloudflareAdapter from '@hono/vite-dev-server/cloudflare';
import { defineConfig } from 'vite';
import { contentBundle } from './scripts/content/vite-plugin.ts';

/**
 * Two jobs:
 * - `vite build`: the client bundle (hashed files in dist/static, a manifest
 *   the worker reads), the bundled sample content from content/ (checked like
 *   an editor's publish), and assets/ copied as is: dist/ is what wrangler serves.
 * - `vite` (npm run dev): the worker in Node with reload on edit; client files
 *   are served from source, so the manifest alias points at a dev map.
 */
export default defineConfig(({ command }) => ({
  publicDir: 'assets',
  build: {
    outDir: 'dist',
    assetsDir: 'static',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      input: ['client/boot.ts', 'client/styles.css'],
    },
  },
  resolve:
    command === 'serve' ? { alias: { '@client/manifest': fileURLToPath(new URL('./client/dev-manifest.json', import.meta.url)) } } : {},
  plugins: command === 'serve' ? [devServer({ entry: 'src/index.ts', adapter: cloudflareAdapter })] : [contentBundle()],
}));
