import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FOLLOWS_SAVE_MS, PROCESS_TEST_TIMEOUT_MS } from './processes';

/**
 * `npm run content:preview`: an editor's folder served by the worker's own
 * pages, reloaded after every save (scripts/content/preview.ts). Runs its own
 * server on a free port; the site of `npm start` is not used.
 */
const SLUG = 'teste-de-pre-visualizacao';
const TITLE = 'Pré-visualização de teste: o retrofit volta aos centros';
const NEW_TITLE = 'Título trocado no arquivo: a página se atualiza sozinha';
// Starting the preview loads the worker's code through Vite and checks the folder: generous bounds.
test.describe.configure({ timeout: PROCESS_TEST_TIMEOUT_MS });

let root: string;
let file: string;
let child: ChildProcess | undefined;
let articleUrl: string;
let output = '';

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Rewrites the front matter's `titulo` line of index.md, as an editor's save does. */
function saveTitle(title: string): void {
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^titulo: .*$/m, `titulo: "${title}"`));
}

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'preview-'));
  const dir = join(root, SLUG);
  cpSync('content/retrofit-predios-antigos-centros-urbanos', dir, { recursive: true });
  file = join(dir, 'index.md');
  // A link to an article that does not exist: a warning, shown in the problems panel.
  writeFileSync(file, `${readFileSync(file, 'utf8')}\nVeja também [o guia](/noticia/um-artigo-que-nao-existe).\n`);
  saveTitle(TITLE);
  const port = await freePort();
  // Its own process group, so the whole tree (npm, tsx, node) stops with it.
  child = spawn('npm', ['run', '--silent', 'content:preview', '--', dir, '--port', String(port)], { detached: true });
  articleUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the preview did not start within ${PROCESS_TEST_TIMEOUT_MS / 1000} s:\n${output}`)),
      PROCESS_TEST_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /o artigo: +(http:\/\/127\.0\.0\.1:\d+\/noticia\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child!.stdout!.on('data', read);
    child!.stderr!.on('data', read);
    child!.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the preview exited (${code}):\n${output}`));
    });
  });
});

test.afterAll(() => {
  if (child?.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  rmSync(root, { recursive: true, force: true });
});

test('the preview shows the folder’s article with its problems, and follows every save', async ({ page }) => {
  expect(articleUrl).toContain(`/noticia/${SLUG}`);
  await page.goto(articleUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.locator('.previa-faixa')).toContainText('Pré-visualização');
  await expect(page.locator('.previa-faixa')).toContainText('não publicado');
  const panel = page.locator('.previa-problemas');
  await expect(panel).toContainText('Problemas encontrados: 1 aviso');
  await expect(panel).toContainText('um-artigo-que-nao-existe');
  // The worker's own page: related cards from the rest of the site.
  await expect(page.locator('.card').first()).toBeVisible();

  // A save: the open page reloads by itself with the new title.
  saveTitle(NEW_TITLE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEW_TITLE, { timeout: FOLLOWS_SAVE_MS });

  // An error: the page lists it instead of the article.
  saveTitle('Curto');
  await expect(page.locator('.previa-problemas')).toContainText('1 erro', { timeout: FOLLOWS_SAVE_MS });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('O artigo não pôde ser montado');

  // An error in the text, and a video without its title: the page is shown anyway, the problems above it.
  const added = `\n<script>alert(1)</script>\n\nhttps://youtu.be/M7lc1UVf-VE\n`;
  writeFileSync(file, `${readFileSync(file, 'utf8')}${added}`);
  saveTitle(NEW_TITLE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEW_TITLE, { timeout: FOLLOWS_SAVE_MS });
  await expect(panel).toContainText('Problemas encontrados: 1 erro, 2 avisos');
  await expect(panel).toContainText('o artigo não pode ser publicado');
  await expect(panel).toContainText('o vídeo https://youtu.be/M7lc1UVf-VE não tem título');
  await expect(page.getByRole('link', { name: `Assistir ao vídeo: Vídeo do YouTube — ${NEW_TITLE}` })).toBeVisible();
  writeFileSync(file, readFileSync(file, 'utf8').replace(added, '\n'));

  // A date to come: shown anyway, marked as scheduled.
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^data: .*$/m, 'data: 2099-05-01T10:30'));
  saveTitle(NEW_TITLE);
  await expect(page.locator('.previa-faixa')).toContainText('agendado para 01/05/2099 10:30', { timeout: FOLLOWS_SAVE_MS });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEW_TITLE);

  // Its card in the grid, marked.
  await page.getByRole('link', { name: 'Cartão na grade' }).click();
  await expect(page.locator('.card.previa-cartao-marcado')).toContainText(NEW_TITLE);
});
