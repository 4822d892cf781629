import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PAGE_STYLESHEETS } from '../../src/site/page-stylesheets.ts';
import { INLINE_STYLESHEET_MAX_GZIP_BYTES } from '../../vite.config.ts';

// Built by `npm test` (vite build) before the tests run.
type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; inline?: string };
const manifest: Record<string, Chunk> = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
const gzipBytes = (file: string) => gzipSync(readFileSync(`dist/${file}`), { level: 9 }).byteLength;

/** The entry's file and every file it imports statically. */
function staticFiles(key: string): string[] {
  const chunk = manifest[key]!;
  return [chunk.file, ...(chunk.imports ?? []).flatMap(staticFiles)];
}

const boot = 'client/boot.ts';
const bootFiles = staticFiles(boot);
const islandFiles = (manifest[boot]!.dynamicImports ?? []).flatMap(staticFiles);
// Every React production build links its error codes here.
const REACT_MARKER = 'react.dev/errors';
const sum = (files: string[]) => [...new Set(files)].reduce((total, file) => total + gzipBytes(file), 0);

// Budgets of docs/speed.md, gzip.
describe('client bundle budgets', () => {
  // A first visit before any interaction loads the very same files: React comes only when the
  // reader reaches for the banner (client/consent/first-reach.ts, test/e2e/reader/consent.spec.ts).
  it('a page view with a stored choice, or a first visit before any interaction, loads ≤ 5 KB of JS, and no React', () => {
    expect(sum(bootFiles)).toBeLessThanOrEqual(5 * 1024);
    for (const file of bootFiles) expect(readFileSync(`dist/${file}`, 'utf8')).not.toContain(REACT_MARKER);
  });

  it('a first visit once the reader reaches for the banner (bootstrap + banner island) loads ≤ 75 KB of JS', () => {
    expect(islandFiles.length).toBeGreaterThan(0);
    expect(islandFiles.map((file) => readFileSync(`dist/${file}`, 'utf8')).join('')).toContain(REACT_MARKER);
    expect(sum([...bootFiles, ...islandFiles])).toBeLessThanOrEqual(75 * 1024);
  });

  it("shares no file with the newsroom's scripts: the newsroom's editor never makes a reader's page load more", () => {
    const newsroom = Object.keys(manifest).filter((key) => key.startsWith('client/newsroom/'));
    const newsroomFiles = newsroom.flatMap((key) => [...staticFiles(key), ...(manifest[key]!.dynamicImports ?? []).flatMap(staticFiles)]);
    expect(newsroom).toContain('client/newsroom/editor.ts');
    expect(newsroomFiles.filter((file) => [...bootFiles, ...islandFiles].includes(file))).toEqual([]);
    // The reader's files are its entries' own (the bootstrap and its island), nothing split out for someone else.
    expect(bootFiles).toEqual([manifest[boot]!.file]);
    expect(new Set(islandFiles)).toEqual(new Set([manifest['client/islands/consent-banner.tsx']!.file, manifest[boot]!.file]));
  });

  const stylesheets = Object.entries(PAGE_STYLESHEETS);

  it.each(stylesheets)('the %s pages’ stylesheet is ≤ 15 KB', (_kind, entry) => {
    expect(gzipBytes(manifest[entry]!.file)).toBeLessThanOrEqual(15 * 1024);
  });

  it.each(stylesheets)('the %s pages’ stylesheet is inlined exactly while it is ≤ 6 KB, as the very text of its file', (_kind, entry) => {
    const styles = manifest[entry]!;
    expect(styles.inline !== undefined).toBe(gzipBytes(styles.file) <= INLINE_STYLESHEET_MAX_GZIP_BYTES);
    if (styles.inline !== undefined) expect(styles.inline).toBe(readFileSync(`dist/${styles.file}`, 'utf8'));
  });

  it('the home, an article and the tools carry less than every part of the stylesheet', () => {
    const all = gzipBytes(manifest[PAGE_STYLESHEETS.all]!.file);
    for (const kind of ['home', 'article', 'tool'] as const) expect(gzipBytes(manifest[PAGE_STYLESHEETS[kind]]!.file)).toBeLessThan(all);
  });
});
