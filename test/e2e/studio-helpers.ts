import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';

export { type Studio, startStudio } from '../../scripts/studio/studio-process.ts';

/**
 * What the studio's browser tests share: the studio started as
 * `npm run content:studio` starts it, on a content folder of the test's own,
 * and a stand-in for the folder the editor picks in Sveltia's "Trabalhar com
 * Repositório Local": a folder of the page's origin-private file system
 * (OPFS), which Chromium hands out as the same FileSystemDirectoryHandle the
 * folder picker returns, so Sveltia reads and writes it through the same API.
 * The test then copies what Sveltia saved there to the disk, where the
 * panel's commands read it.
 */

/** Every file under `dir`, by path relative to it, base64-encoded (to hand to the page). */
export function filesOf(dir: string, prefix = ''): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(files, filesOf(join(dir, entry.name), path));
    else files[path] = readFileSync(join(dir, entry.name)).toString('base64');
  }
  return files;
}

/** Writes files (as {@link filesOf} gives them) under `dir`. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, base64] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), Buffer.from(base64, 'base64'));
  }
}

/** The OPFS folder that stands for the repository the editor picks: ".git" marks it as a repository's root for Sveltia. */
const REPO = 'repositorio';

/** Before any page script: the folder picker answers with the OPFS folder (the test hook). */
export async function pickOpfsFolder(page: Page): Promise<void> {
  await page.addInitScript((name) => {
    Object.defineProperty(window, 'showDirectoryPicker', {
      configurable: true,
      value: async () => (await navigator.storage.getDirectory()).getDirectoryHandle(name, { create: true }),
    });
  }, REPO);
}

/** Fills the OPFS folder with a repository's files (and an empty .git), replacing what was there. */
export async function fillOpfsFolder(page: Page, files: Record<string, string>): Promise<void> {
  await page.evaluate(
    async ({ name, files }) => {
      const root = await navigator.storage.getDirectory();
      await root.removeEntry(name, { recursive: true }).catch(() => undefined);
      const repo = await root.getDirectoryHandle(name, { create: true });
      await repo.getDirectoryHandle('.git', { create: true });
      for (const [path, base64] of Object.entries(files)) {
        const parts = path.split('/');
        let dir = repo;
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
        const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writable.write(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
        await writable.close();
      }
    },
    { name: REPO, files },
  );
}

/** The files of one folder of the OPFS repository (by path relative to it), base64-encoded; empty when it does not exist. */
export function readOpfsFolder(page: Page, path: string): Promise<Record<string, string>> {
  return page.evaluate(
    async ({ name, path }) => {
      const files: Record<string, string> = {};
      let dir: FileSystemDirectoryHandle;
      try {
        dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(name);
        for (const part of path.split('/')) dir = await dir.getDirectoryHandle(part);
      } catch {
        return files;
      }
      const walk = async (handle: FileSystemDirectoryHandle, prefix: string) => {
        for await (const [entry, child] of handle.entries()) {
          // Chromium writes a file through a swap file beside it, renamed when the write closes.
          if (entry.endsWith('.crswap')) continue;
          const at = prefix ? `${prefix}/${entry}` : entry;
          if (child.kind === 'directory') await walk(child as FileSystemDirectoryHandle, at);
          else {
            const bytes = new Uint8Array(await (await (child as FileSystemFileHandle).getFile()).arrayBuffer());
            let binary = '';
            for (const byte of bytes) binary += String.fromCharCode(byte);
            files[at] = btoa(binary);
          }
        }
      };
      try {
        await walk(dir, '');
      } catch (error) {
        // A file that went away while it was read: Sveltia is still saving; the caller polls again.
        if ((error as DOMException).name !== 'NotFoundError') throw error;
      }
      return files;
    },
    { name: REPO, path },
  );
}
