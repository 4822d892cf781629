import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { BASE_URL } from '../../../playwright.config.ts';
import { generatedUploads, SAMPLE_UPLOADS, writeUploads } from '../../fixtures/wordpress/uploads-fixture.ts';
import { generatedPosts, sampleExport, writeWxrFile } from '../../fixtures/wordpress/wxr-fixture.ts';
import { PROCESS_TEST_TIMEOUT_MS } from '../processes';

/**
 * A newsroom leaving WordPress: `npm run content:import -- --local` with an
 * export and its uploads folder, as the developer runs it, against the site
 * the browser reads. An imported article is a page like any other; its old
 * address leads to it; a second run changes nothing; a run killed midway is
 * finished by the next one.
 */

test.describe.configure({ timeout: PROCESS_TEST_TIMEOUT_MS, mode: 'serial' });

let root: string;
const port = new URL(BASE_URL).port;

interface Run {
  child: ChildProcess;
  done: Promise<{ code: number | null; output: string }>;
  output(): string;
}

function importRun(exportPath: string, uploads: string): Run {
  const child = spawn(
    'npm',
    [
      'run',
      '--silent',
      'content:import',
      '--',
      '--local',
      '--port',
      port,
      exportPath,
      '--uploads',
      uploads,
      '--saida',
      join(root, 'saida'),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const done = new Promise<{ code: number | null; output: string }>((resolve) => child.on('close', (code) => resolve({ code, output })));
  return { child, done, output: () => output };
}

/** A number the run's summary says: `6 artigo(s) publicado(s)` → 6. */
const said = (output: string, pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? Number.NaN);

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'wordpress-'));
  writeWxrFile(join(root, 'export.xml'), sampleExport());
  await writeUploads(join(root, 'uploads'), SAMPLE_UPLOADS);
});

test.afterAll(() => rmSync(root, { recursive: true, force: true }));

test('an imported article is a page like any other, and its old addresses lead to it', async ({ page }) => {
  const run = await importRun(join(root, 'export.xml'), join(root, 'uploads')).done;
  expect(run.code, run.output).toBe(0);
  expect(run.output).toContain('Relatório completo:');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/2019/05/reforma-de-cozinha/');
  await expect(page).toHaveURL(/\/noticia\/reforma-de-cozinha$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reforma de cozinha: como planejar o layout e o orçamento');
  const figure = page.locator('.article-body figure img').first();
  await figure.scrollIntoViewIfNeeded();
  await expect.poll(() => figure.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('.article-body')).not.toContainText('[contact-form-7');

  await page.goto('/?p=11');
  await expect(page).toHaveURL(/\/noticia\/construcao-a-seco$/);
  const old = await page.request.get('/wp-content/uploads/2019/05/cozinha-300x169.jpg', { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect((await page.request.get(old.headers().location!)).headers()['content-type']).toMatch(/^image\//);
});

test('a second run changes nothing', async () => {
  const run = await importRun(join(root, 'export.xml'), join(root, 'uploads')).done;
  expect(run.code, run.output).toBe(0);
  expect(said(run.output, /(\d+) artigo\(s\) publicado/)).toBe(0);
  expect(said(run.output, /(\d+) sem mudança/)).toBe(8);
});

test('a run killed midway (kill -9) is finished by the next one', async ({ request }) => {
  const ids = Array.from({ length: 120 }, (_, n) => 50_000 + n);
  const exportPath = join(root, 'grande.xml');
  writeWxrFile(exportPath, { items: generatedPosts(ids.length, { firstId: ids[0] }) });
  await writeUploads(join(root, 'grande-uploads'), generatedUploads(ids));

  const first = importRun(exportPath, join(root, 'grande-uploads'));
  // Killed once the first batch has gone (the progress line of post 100 comes after it), as a terminal kills a group.
  await expect.poll(() => first.output(), { timeout: PROCESS_TEST_TIMEOUT_MS / 2 }).toContain('100 de 120');
  try {
    process.kill(-first.child.pid!, 'SIGKILL');
  } catch {
    // Already finished: the next run then has nothing to do, which is also right.
  }
  await first.done;

  const again = await importRun(exportPath, join(root, 'grande-uploads')).done;
  expect(again.code, again.output).toBe(0);
  expect(said(again.output, /(\d+) artigo\(s\) publicado/) + said(again.output, /(\d+) sem mudança/)).toBe(120);
  for (const id of [ids[0], ids[60], ids[119]]) expect((await request.get(`/noticia/post-${id}`)).status(), `post-${id}`).toBe(200);
});
