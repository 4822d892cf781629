import { build } from 'esbuild';

const BUNDLE = '.bench/worker.mjs';

/**
 * The worker bundled the way wrangler bundles it (esbuild, workerd conditions,
 * minified), so Node runs the same code the edge runs. Needs `vite build` first
 * (the client manifest).
 */
export async function bundleWorker(dist = 'dist'): Promise<string> {
  await build({
    entryPoints: ['src/index.ts'],
    outfile: BUNDLE,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    alias: { '@client/manifest': `./${dist}/.vite/manifest.json` },
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    logLevel: 'error',
  });
  return BUNDLE;
}
