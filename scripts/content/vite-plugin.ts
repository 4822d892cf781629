import type { Plugin } from 'vite';
import { buildContentBundle, CONTENT_DIR } from './bundle.ts';

/**
 * Emits the bundled sample content (content/<slug>/ folders) into the build at
 * its content paths, so the worker's assets fallback serves it. A content error
 * fails the build with the checker's message.
 */
export function contentBundle(dir = CONTENT_DIR): Plugin {
  return {
    name: 'content-bundle',
    apply: 'build',
    async buildStart() {
      this.addWatchFile(dir);
    },
    async generateBundle() {
      const { files } = await buildContentBundle(dir);
      for (const [fileName, source] of files) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
