import type { Plugin } from 'vite';
import { contentHash } from '../../../src/content/index/content-hash.ts';
import { buildIndex } from '../../../src/content/index/index-build.ts';
import { buildContentBundle, CONTENT_DIR, skippedWarning } from './bundle.ts';

/**
 * Whether a build ships the sample articles: yes unless `SAMPLE_CONTENT=off`,
 * which `npm run deploy` sets (a production site starts empty, not with
 * made-up news; `SAMPLE_CONTENT=on npm run deploy` ships them for a demo).
 */
export const shipsSamples = (env: NodeJS.ProcessEnv = process.env) => env.SAMPLE_CONTENT !== 'off';

type Files = Map<string, string | Uint8Array> | Iterable<[string, string]>;

/**
 * Emits the bundled sample content (content/<slug>/ folders) into the build at
 * its content paths, which the worker serves while nothing is published to KV.
 * Only what is ready is bundled: a folder with errors (a draft, wherever
 * content:new put it) is left out with a warning naming it, and never fails
 * the build (bundle.ts). The content is built from buildStart and awaited at
 * buildEnd, both before Vite empties dist/ (renderStart): any failure there
 * leaves the last good build in place. Without the samples, the bundle is an
 * empty index: the site shows no article until the first publish.
 */
export function contentBundle(dir = CONTENT_DIR, samples = shipsSamples()): Plugin {
  let pending: Promise<Files> | undefined;
  let files: Files | undefined;
  const build = async (warn: (message: string) => void): Promise<Files> => {
    if (!samples) return buildIndex([], contentHash);
    const bundle = await buildContentBundle(dir);
    const warning = skippedWarning(bundle);
    if (warning) warn(warning);
    return bundle.files;
  };
  return {
    name: 'content-bundle',
    apply: 'build',
    buildStart() {
      this.addWatchFile(dir);
      files = undefined;
      pending = build((message) => this.warn(message));
      // Awaited at buildEnd; a rejection before then is not an unhandled one.
      pending.catch(() => {});
    },
    async buildEnd() {
      if (pending !== undefined) files = await pending;
    },
    async generateBundle() {
      // Called alone (tests), the content is built here.
      files ??= await (pending ?? build((message) => this.warn(message)));
      for (const [fileName, source] of files) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
