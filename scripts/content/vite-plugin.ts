import type { Plugin } from 'vite';
import { buildIndex } from '../../src/content/index-build.ts';
import { buildContentBundle, CONTENT_DIR } from './bundle.ts';
import { contentHash } from './content-hash.ts';

/**
 * Whether a build ships the sample articles: yes unless `SAMPLE_CONTENT=off`,
 * which `npm run deploy` sets (a production site starts empty, not with
 * made-up news; `SAMPLE_CONTENT=on npm run deploy` ships them for a demo).
 */
export const shipsSamples = (env: NodeJS.ProcessEnv = process.env) => env.SAMPLE_CONTENT !== 'off';

/**
 * Emits the bundled sample content (content/<slug>/ folders) into the build at
 * its content paths, which the worker serves while nothing is published to KV.
 * A content error fails the build with the checker's message. Without the
 * samples, the bundle is an empty index: the site shows no article until the
 * first publish.
 */
export function contentBundle(dir = CONTENT_DIR, samples = shipsSamples()): Plugin {
  return {
    name: 'content-bundle',
    apply: 'build',
    async buildStart() {
      this.addWatchFile(dir);
    },
    async generateBundle() {
      const files = samples ? (await buildContentBundle(dir)).files : buildIndex([], contentHash);
      for (const [fileName, source] of files) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
