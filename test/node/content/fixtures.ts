import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { copySample, frontMatter, readSample, type SampleChanges } from '../../fixtures/sample-article';

export { frontMatter } from '../../fixtures/sample-article';

/** A sample article of the bundle: a known-good folder to plant mistakes in. */
export const GOOD = 'content/como-decorar-apartamentos-pequenos';

const dirs: string[] = [];
const good = readSample(GOOD);

/** What a fixture changes in the good article: its fields and body in index.md, and any file. */
export interface FixtureChanges extends SampleChanges {
  /** Files of the folder written as given (index.md too, whole); `null` removes one. */
  files?: Record<string, string | Buffer | null>;
}

/** The front matter of index.md: the good article's fields with `overrides` over them. */
export const meta = (overrides: Record<string, unknown> = {}) => frontMatter({ ...good.fields, ...overrides });

/** A whole index.md: the front matter of {@link meta}, then a Markdown body (the good article's by default). */
export const indexMd = (overrides: Record<string, unknown> = {}, text = good.body) => `${meta(overrides)}\n${text}`;

/** A Markdown body with enough words, with `extra` as the last block (raw HTML, as an editor may type it, or Markdown). */
export function body(extra = ''): string {
  return `${'Palavra '.repeat(120).trim()}\n\n## Seção\n\nMais texto.\n\n${extra}\n`;
}

/** An HTML body with enough words, `extra` appended: for the functions that judge HTML (checkBody, the sanitizer) directly. */
export function htmlBody(extra = ''): string {
  return `<p>${'Palavra '.repeat(120)}</p>\n<h2>Seção</h2>\n<p>Mais texto.</p>${extra}`;
}

/** A copy of the good article at `dir`, changed. */
function writeArticle(dir: string, { files = {}, ...changes }: FixtureChanges): void {
  copySample(GOOD, dir, changes);
  for (const [name, content] of Object.entries(files)) {
    if (content === null) rmSync(join(dir, name));
    else writeFileSync(join(dir, name), content);
  }
}

/** An empty temporary folder, removed by cleanFixtures. */
export function tempFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'content-fixture-'));
  dirs.push(root);
  return root;
}

/** A copy of the good article as `<tmp>/<slug>/`, changed. */
export function articleFixture(slug = 'artigo-de-teste', changes: FixtureChanges = {}): string {
  const dir = join(tempFolder(), slug);
  writeArticle(dir, changes);
  return dir;
}

/** A copy of the good article at `<root>/<relative path>` (e.g. "x/y" for a folder one level too deep), changed. */
export function articleAt(root: string, path: string, changes: FixtureChanges = {}): string {
  const dir = join(root, path);
  writeArticle(dir, changes);
  return dir;
}

export async function image(width: number, height: number, format: 'webp' | 'png' | 'gif' = 'webp'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0f5c5a' } })
    .toFormat(format)
    .toBuffer();
}

export function cleanFixtures(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
