import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import devServer from '@hono/vite-dev-server';
import cloudflareAdapter from '@hono/vite-dev-server/cloudflare';
import { build, defineConfig, type Plugin } from 'vite';
import { contentBundle } from './scripts/content/bundle/vite-plugin.ts';
import { PAGE_STYLESHEETS } from './src/site/page-stylesheets.ts';

/**
 * A page's stylesheet is inlined in it while it weighs at most this much
 * gzipped (docs/decisions/023-inline-the-stylesheet.md): a first visit then paints from the
 * HTML alone, one round trip earlier; every page view pays these bytes, cached
 * or not. Past it, pages link the file (cached for a year) instead.
 */
export const INLINE_STYLESHEET_MAX_GZIP_BYTES = 6 * 1024;

/**
 * Adds each page stylesheet's text to its entry in Vite's manifest (`inline`),
 * which the worker reads (src/site/client-assets.ts), when it is small enough.
 * The hashed files stay in dist/ either way. Runs once the manifest is on disk.
 */
function inlineStylesheets(): Plugin {
  return {
    name: 'casa-em-pauta:inline-stylesheets',
    apply: 'build',
    writeBundle({ dir = 'dist' }) {
      const manifestFile = join(dir, '.vite/manifest.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; inline?: string }>;
      for (const name of Object.values(PAGE_STYLESHEETS)) {
        const entry = manifest[name];
        if (!entry) throw new Error(`${name} is missing from the Vite manifest`);
        const text = readFileSync(join(dir, entry.file), 'utf8');
        // Inside <style> only "</style" can end the element early; a stylesheet never needs it.
        if (/<\/style/i.test(text)) throw new Error(`${name} contains "</style": it cannot be inlined`);
        if (gzipSync(text, { level: 9 }).byteLength <= INLINE_STYLESHEET_MAX_GZIP_BYTES) entry.inline = text;
      }
      writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
    },
  };
}

/** The newsroom's rich text editor: its own build (below), its entry in the site's manifest. */
const EDITOR_ENTRY = 'client/newsroom/editor.ts';

/**
 * Builds the body's rich text editor (client/newsroom/editor.ts, linked by a
 * draft's form only) on its own, as one file, emitted with the site's files,
 * and adds its entry to the site's manifest. In the site's build its
 * libraries would share the bundler's helpers with the reader's banner island
 * (a common chunk the island would then load too): a reader's page must not
 * change because the newsroom has an editor (test/node/bundle-budgets.test.ts).
 */
function newsroomEditor(): Plugin {
  let file = '';
  return {
    name: 'casa-em-pauta:newsroom-editor',
    apply: 'build',
    enforce: 'post',
    async generateBundle() {
      const built = await build({
        configFile: false,
        publicDir: false,
        logLevel: 'warn',
        build: {
          write: false,
          assetsDir: 'static',
          rolldownOptions: { input: [EDITOR_ENTRY], output: { codeSplitting: false } },
        },
      });
      const outputs = (Array.isArray(built) ? built : [built]).flatMap((result) => ('output' in result ? result.output : []));
      const entry = outputs.find((output) => output.type === 'chunk' && output.isEntry);
      if (entry?.type !== 'chunk') throw new Error(`the build of ${EDITOR_ENTRY} gave no script`);
      file = entry.fileName;
      this.emitFile({ type: 'asset', fileName: file, source: entry.code });
    },
    // Vite writes its manifest after the hooks above: the entry is added to it as soon as it is on disk.
    writeBundle({ dir = 'dist' }) {
      const manifestFile = join(dir, '.vite/manifest.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
      manifest[EDITOR_ENTRY] = { file, name: 'editor', src: EDITOR_ENTRY, isEntry: true };
      writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
    },
  };
}

/**
 * Two jobs:
 * - `vite build`: the client bundle (hashed files in dist/static, a manifest
 *   the worker reads, with each page stylesheet's text while it is small; the
 *   newsroom's script and stylesheet are entries of their own, linked only
 *   by /redacao pages: docs/newsroom.md), the bundled sample content from content/ (checked like
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
      input: [
        'client/boot.ts',
        ...Object.values(PAGE_STYLESHEETS),
        'client/newsroom/newsroom.ts',
        'client/newsroom/newsroom.css',
        'client/newsroom/preview-bar.css',
      ],
    },
  },
  resolve:
    command === 'serve' ? { alias: { '@client/manifest': fileURLToPath(new URL('./client/dev-manifest.json', import.meta.url)) } } : {},
  plugins:
    command === 'serve'
      ? [devServer({ entry: 'src/index.ts', adapter: cloudflareAdapter })]
      : [contentBundle(), inlineStylesheets(), newsroomEditor()],
}));
