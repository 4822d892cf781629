import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * Two editors publish different articles to the local store at the same
 * moment: both must be listed afterwards (one run waits for the other's lock
 * and merges with its result), never one silently dropped.
 */
const SLUGS = ['publicacao-simultanea-um', 'publicacao-simultanea-dois'];
test.describe.configure({ timeout: 180_000 });
let root: string;

/** Runs a content command to its end, without blocking the other one. */
function content(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

test.beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'editors-'));
  SLUGS.forEach((slug, i) => {
    const dir = join(root, slug);
    cpSync('content/retrofit-predios-antigos-centros-urbanos', dir, { recursive: true });
    writeFileSync(
      join(dir, 'article.json'),
      JSON.stringify({
        titulo: `Publicação simultânea ${i + 1}: as duas notícias aparecem`,
        descricao: 'Uma notícia criada pelo teste de ponta a ponta para conferir que duas publicações ao mesmo tempo entram ambas no site.',
        data: `2025-01-0${i + 5}`,
        alt: 'Fachada de um prédio antigo restaurado no centro da cidade',
      }),
    );
  });
});

test.afterAll(() => {
  for (const slug of SLUGS) spawnSync('npm', ['run', '--silent', 'content:unpublish', '--', '--local', slug], { encoding: 'utf8' });
  rmSync(root, { recursive: true, force: true });
});

test('two publishes started together both land', async ({ request }) => {
  const runs = await Promise.all(SLUGS.map((slug) => content('content:publish', '--', '--local', join(root, slug))));
  for (const run of runs) expect(run.code, run.output).toBe(0);
  const home = await (await request.get('/')).text();
  for (const slug of SLUGS) {
    expect(home).toContain(`href="/noticia/${slug}"`);
    expect((await request.get(`/noticia/${slug}`)).status()).toBe(200);
  }
});
