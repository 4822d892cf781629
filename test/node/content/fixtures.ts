import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { copyAsLegacy } from '../../fixtures/legacy-sample';

/** A sample article of the bundle: a known-good folder to plant mistakes in. */
export const GOOD = 'content/como-decorar-apartamentos-pequenos';

const dirs: string[] = [];

/** A copy of the good article in the earlier format (article.json, body.html), as `<tmp>/<slug>/`, with files overridden. */
export function articleFixture(slug = 'artigo-de-teste', files: Record<string, string | Buffer | null> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'content-fixture-'));
  dirs.push(root);
  const dir = join(root, slug);
  copyAsLegacy(GOOD, dir);
  for (const [name, content] of Object.entries(files)) {
    if (content === null) rmSync(join(dir, name));
    else writeFileSync(join(dir, name), content);
  }
  return dir;
}

/** An empty temporary folder, removed by cleanFixtures. */
export function tempFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'content-fixture-'));
  dirs.push(root);
  return root;
}

/** A copy of the good article at `<root>/<relative path>`, e.g. "x/y" for a folder one level too deep. */
export function articleAt(root: string, path: string): string {
  const dir = join(root, path);
  copyAsLegacy(GOOD, dir);
  return dir;
}

export function meta(overrides: Record<string, unknown>): string {
  return JSON.stringify({
    titulo: 'Um título de teste com tamanho adequado',
    descricao: 'Uma descrição de teste com tamanho suficiente para cards e resultados de busca.',
    data: '2025-06-01',
    alt: 'Uma imagem de teste: sala com sofá e prateleiras',
    ...overrides,
  });
}

/** A body with enough words, with `extra` markup appended. */
export function body(extra = ''): string {
  return `<p>${'Palavra '.repeat(120)}</p>\n<h2>Seção</h2>\n<p>Mais texto.</p>${extra}`;
}

export async function image(width: number, height: number, format: 'webp' | 'png' | 'gif' = 'webp'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0f5c5a' } })
    .toFormat(format)
    .toBuffer();
}

export function cleanFixtures(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
