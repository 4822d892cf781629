import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { LOCAL_SITE_URL } from '../../scripts/local-site.ts';
import { FOLLOWS_SAVE_MS, PROCESS_TEST_TIMEOUT_MS } from './processes';
import { filesOf, fillOpfsFolder, pickOpfsFolder, readOpfsFolder, type Studio, startStudio, writeFiles } from './studio-helpers.ts';

/**
 * The newsroom's studio (`npm run content:studio`, scripts/studio/): Sveltia
 * CMS loads offline with the generated configuration; an article written in
 * its own form, with an uploaded image, is saved into its own folder, passes
 * the check, previews, and the panel publishes it to the local store the
 * running site (playwright.config.ts's webServer) reads; a folder with an
 * error is refused and the site is left as it was; a table pasted from a
 * spreadsheet into the text is written as a Markdown table.
 *
 * The studio listens on the site's port + 1 (8822 beside PORT=8821).
 */
const SITE_PORT = new URL(LOCAL_SITE_URL).port;
const STUDIO_PORT = Number(SITE_PORT) + 1;
const TITLE = 'Estúdio de teste: um artigo escrito no formulário do Sveltia';
const SLUG = 'estudio-de-teste-um-artigo-escrito-no-formulario-do-sveltia';

// The panel's first action loads the content modules and the local store; the preview loads the worker through Vite.
test.describe.configure({ mode: 'serial', timeout: PROCESS_TEST_TIMEOUT_MS });

let root: string;
let studio: Studio;

test.beforeAll(async () => {
  test.setTimeout(PROCESS_TEST_TIMEOUT_MS);
  // A run stopped half-way may have left the article live: the test starts from a draft.
  spawnSync('npm', ['run', '--silent', 'content:unpublish', '--', '--local', SLUG], { stdio: 'ignore' });
  root = mkdtempSync(join(tmpdir(), 'estudio-'));
  cpSync('content/autores', join(root, 'content/autores'), { recursive: true });
  studio = await startStudio(STUDIO_PORT, join(root, 'content'), SITE_PORT);
});

test.afterAll(() => {
  studio?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Console errors, uncaught exceptions and requests that leave the studio, from the moment this is called. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== studio.url) problems.push(`request: ${url.href}`);
  });
  return problems;
}

/** Opens the studio and signs in with the OPFS folder holding `files` as the repository. */
async function signIn(page: Page, files: Record<string, string>): Promise<void> {
  await pickOpfsFolder(page);
  await page.goto(`${studio.url}/`);
  await fillOpfsFolder(page, files);
  await page.getByRole('button', { name: 'Trabalhar com Repositório Local' }).click();
  await expect(page.getByRole('group', { name: 'Lista de Entradas' })).toBeVisible();
}

const field = (page: Page, key: string) => page.locator(`section[data-key-path="${key}"]`).first();

test.use({ locale: 'pt-BR', viewport: { width: 1280, height: 800 } });

test('the studio loads its generated configuration offline, in Portuguese, with no console error and no request elsewhere', async ({
  page,
}) => {
  const problems = watch(page);
  await signIn(page, filesOf('content/autores', 'content/autores'));
  await expect(
    page
      .getByRole('link', { name: /Artigos/ })
      .or(page.getByText('Artigos', { exact: true }))
      .first(),
  ).toBeVisible();
  await page.evaluate(() => {
    location.hash = '#/collections/autores';
  });
  // The three authors of the registry, read from their JSON files.
  for (const name of ['Camila Nogueira', 'Helena Duarte', 'Rafael Moreira']) await expect(page.getByText(name).first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('an article written in the form, with an uploaded main image and an image in its text, is saved in its folder, checks, previews and is published from the panel', async ({
  page,
  request,
}, testInfo) => {
  const problems = watch(page);
  await signIn(page, filesOf('content/autores', 'content/autores'));
  await page.evaluate(() => {
    location.hash = '#/collections/artigos/new';
  });
  await field(page, 'titulo').locator('input').fill(TITLE);
  await field(page, 'descricao')
    .locator('input')
    .fill('Um artigo criado pelo formulário do estúdio, com imagem enviada, para conferir a verificação e a publicação local.');
  await field(page, 'data').locator('input').fill('2025-01-05T09:30');
  // A camera's PNG with a name as it comes: the studio stores it as WebP under a name the check accepts.
  const photo = join(root, 'Foto Principal.png');
  await sharp({ create: { width: 1200, height: 675, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .png()
    .toFile(photo);
  await field(page, 'imagem').locator('input[type=file]').first().setInputFiles(photo);
  await expect(field(page, 'imagem')).toContainText('foto-principal.webp');
  await field(page, 'alt').locator('input').fill('Retângulo verde que faz as vezes de foto no teste do estúdio');
  await field(page, 'autor').locator('button[value="helena-duarte"]').click();
  await field(page, 'temas').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Decoração' }).click();
  await page.mouse.click(20, 300);
  await field(page, 'body').locator('.lexical-root').click();
  const sentence = 'O parágrafo foi escrito no estúdio, no próprio formulário, para que o artigo tenha palavras bastantes.';
  await page.keyboard.type(Array.from({ length: 6 }, () => sentence).join(' '));
  await page.keyboard.press('Enter');
  await page.keyboard.type(Array.from({ length: 6 }, () => sentence).join(' '));
  await page.keyboard.press('Enter');
  // An image in the text, through the editor's image button: it goes to the article's imagens/ folder.
  const plan = join(root, 'Planta Baixa.jpg');
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 100, b: 50 } } })
    .jpeg()
    .toFile(plan);
  await field(page, 'body').getByRole('button', { name: 'Imagem' }).click();
  await field(page, 'body').locator('input[type=file]').first().setInputFiles(plan);
  await field(page, 'body').getByRole('textbox', { name: 'Texto Alternativo' }).fill('Planta baixa de um apartamento de dois quartos');
  await field(page, 'body').getByRole('textbox', { name: 'Título' }).fill('A planta do apartamento');
  await page.getByRole('button', { name: 'Salvar' }).click();

  // Saved by the browser into the article's own folder: index.md and the image beside it.
  await expect
    .poll(async () => Object.keys(await readOpfsFolder(page, `content/${SLUG}`)).sort(), { timeout: FOLLOWS_SAVE_MS })
    .toEqual(['foto-principal.webp', 'imagens/planta-baixa.webp', 'index.md']);
  const saved = await readOpfsFolder(page, `content/${SLUG}`);
  const markdown = Buffer.from(saved['index.md']!, 'base64').toString('utf8');
  expect(markdown).toContain('data: 2025-01-05T09:30\n');
  expect(markdown).toContain('imagem: foto-principal.webp\n');
  expect(markdown).toContain('autor: helena-duarte\n');
  expect(markdown).toMatch(/temas:\n\s+- decoracao\n/);
  expect(markdown).toContain('![Planta baixa de um apartamento de dois quartos](imagens/planta-baixa.webp "A planta do apartamento")');
  expect(problems).toEqual([]);
  writeFiles(join(root, 'content', SLUG), saved);

  // The panel: the folder is a draft; it checks, previews, publishes.
  await page.goto(`${studio.url}/painel`);
  const row = page.locator(`tr[data-slug="${SLUG}"]`);
  await expect(row).toContainText(TITLE, { timeout: FOLLOWS_SAVE_MS });
  await expect(row.locator('.estado')).toHaveText('Rascunho');
  const outcome = page.locator('[data-desfecho]');

  await row.getByRole('button', { name: 'Verificar' }).click();
  await expect(outcome).toHaveText('Pronto para publicar.', { timeout: FOLLOWS_SAVE_MS });

  await row.getByRole('button', { name: 'Pré-visualizar' }).click();
  const open = page.getByRole('link', { name: 'Abrir a pré-visualização' });
  await expect(open).toBeVisible({ timeout: PROCESS_TEST_TIMEOUT_MS });
  const popup = page.waitForEvent('popup');
  await open.click();
  const preview = await popup;
  await preview.waitForLoadState();
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(preview.locator('.previa-faixa')).toContainText('não publicado');
  await preview.close();

  expect((await request.get(`/noticia/${SLUG}`)).status()).toBe(404);
  const started = Date.now();
  await row.getByRole('button', { name: 'Publicar no site local' }).click();
  await expect.poll(async () => (await request.get(`/noticia/${SLUG}`)).status(), { timeout: FOLLOWS_SAVE_MS, intervals: [100] }).toBe(200);
  testInfo.annotations.push({ type: 'publicar no site local → 200', description: `${Date.now() - started} ms` });
  console.log(`publicar no site local → 200: ${Date.now() - started} ms`);
  // The command goes on with the search index once the article is live.
  await expect(outcome).toHaveText('Publicado no site local.', { timeout: FOLLOWS_SAVE_MS });
  await expect(page.locator('[data-registro]')).toContainText(`${LOCAL_SITE_URL}/noticia/${SLUG}`);
  await expect(row.locator('.estado')).toHaveText('Publicado');

  const site = await page.context().newPage();
  await site.goto(`${LOCAL_SITE_URL}/noticia/${SLUG}`);
  await expect(site.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(site.locator('.article-body')).toContainText('escrito no estúdio');
  await expect(site.locator('.article-body figure figcaption')).toHaveText('A planta do apartamento');
  await site.close();

  // Unpublished from the panel (after its confirmation): the address answers 404 again.
  page.once('dialog', (dialog) => dialog.accept());
  await row.getByRole('button', { name: 'Despublicar do site local' }).click();
  await expect(outcome).toHaveText('Despublicado do site local.', { timeout: FOLLOWS_SAVE_MS });
  expect((await request.get(`/noticia/${SLUG}`)).status()).toBe(404);
  await expect(row.locator('.estado')).toHaveText('Rascunho');
  // The panel too: no console error, no request elsewhere.
  expect(problems).toEqual([]);
});

test('a folder with an error is not published: the panel says what to fix and the site is left as it was', async ({ page, request }) => {
  const slug = 'estudio-teste-com-erro';
  cpSync('content/como-decorar-apartamentos-pequenos', join(root, 'content', slug), { recursive: true });
  const index = join(root, 'content', slug, 'index.md');
  writeFileSync(index, readFileSync(index, 'utf8').replace(/^titulo: .*$/m, 'titulo: Curto demais'));

  await page.goto(`${studio.url}/painel`);
  const row = page.locator(`tr[data-slug="${slug}"]`);
  await expect(row.locator('.estado')).toContainText('1 erro', { timeout: FOLLOWS_SAVE_MS });
  await row.getByRole('button', { name: 'Publicar no site local' }).click();
  const outcome = page.locator('[data-desfecho]');
  await expect(outcome).toContainText('Não deu certo. Nada foi alterado no site.', { timeout: FOLLOWS_SAVE_MS });
  await expect(page.locator('[data-registro]')).toContainText('titulo');
  expect((await request.get(`/noticia/${slug}`)).status()).toBe(404);

  await row.getByRole('button', { name: 'Verificar' }).click();
  const problem = page.locator('[data-problemas] li').first();
  await expect(problem).toContainText('campo titulo', { timeout: FOLLOWS_SAVE_MS });
  await expect(problem.getByRole('link')).toHaveAttribute('href', `/#/collections/artigos/entries/${slug}`);
});

test('the actions refuse a request from another site, without the token, or not a POST', async ({ request }) => {
  const action = `${studio.url}/api/acao`;
  const body = JSON.stringify({ acao: 'publicar', slug: SLUG, destino: 'local' });
  const fromElsewhere = await request.post(action, {
    headers: { Origin: 'https://exemplo.com', 'Content-Type': 'application/json' },
    data: body,
  });
  expect(fromElsewhere.status()).toBe(403);
  const withoutToken = await request.post(action, { headers: { Origin: studio.url, 'Content-Type': 'application/json' }, data: body });
  expect(withoutToken.status()).toBe(403);
  expect((await request.get(action)).status()).toBe(405);
  const rebound = await request.get(`${studio.url}/painel`, { headers: { Host: `exemplo.com:${STUDIO_PORT}` } });
  expect(rebound.status()).toBe(421);
  const panel = await request.get(`${studio.url}/painel`);
  expect(panel.headers()['content-security-policy']).toContain("script-src 'self'");
});

test('a table pasted into the text from a spreadsheet (HTML, or tab-separated text) is written as a Markdown table', async ({ page }) => {
  const problems = watch(page);
  await signIn(page, filesOf('content/autores', 'content/autores'));
  await page.evaluate(() => {
    location.hash = '#/collections/artigos/new';
  });
  await expect(field(page, 'titulo').locator('input')).toBeVisible();
  // The form draws a field once it is scrolled into view: down to the text.
  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, 4000);
  const editor = page.locator('.lexical-root').first();
  await editor.click();
  await page.keyboard.type('As áreas dos cômodos:');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Os custos de cada etapa:');
  await page.keyboard.press('Enter');
  /** A paste as the browser delivers it: the clipboard's HTML (if any) and text. */
  const paste = (html: string, text: string) =>
    editor.evaluate(
      (root, { html, text }) => {
        const data = new DataTransfer();
        if (html) data.setData('text/html', html);
        data.setData('text/plain', text);
        root.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      { html, text },
    );
  // What Excel puts on the clipboard: a table of plain cells, no header cells.
  await paste(
    '<html><body><!--StartFragment--><table border=0 cellpadding=0 cellspacing=0 width=256><col width=128 span=2><tr height=20><td height=20 class=xl65 width=128>Etapa</td><td class=xl65 width=128>Custo</td></tr><tr height=20><td height=20>Demolição</td><td>R$ 1.500</td></tr><!--EndFragment--></table></body></html>',
    'Etapa\tCusto\nDemolição\tR$ 1.500\n',
  );
  // The editor applies a paste in its own update, which then puts the cursor in the table's last
  // cell: only once the table is drawn may the cursor move, or the next line lands in that cell.
  await expect(editor.locator('table')).toHaveCount(1);
  // A spreadsheet copied as plain text, tab-separated lines, on a line of its own after the first sentence.
  const firstLine = editor.getByText('As áreas dos cômodos:');
  await firstLine.click();
  await page.keyboard.press('End');
  await expect.poll(() => firstLine.evaluate((line) => line.contains(getSelection()?.anchorNode ?? null))).toBe(true);
  await page.keyboard.press('Enter');
  await paste('', 'Cômodo\tÁrea\nSala\t20 m²\n');
  await page.getByRole('button', { name: 'Editar em Markdown' }).first().click();
  const markdown = page.locator('section[data-key-path="body"] textarea').first();
  // Each table with its delimiter row under the first: a table for Markdown, not a paragraph of "|".
  await expect(markdown).toHaveValue(/^\| Etapa \| Custo \|\n\| --- \| --- \|\n\| Demolição \| R\$ 1\.500 \|$/m);
  await expect(markdown).toHaveValue(/^\| Cômodo \| Área \|\n\| --- \| --- \|\n\| Sala \| 20 m² \|$/m);
  expect(problems).toEqual([]);
});
