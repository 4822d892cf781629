import { expect, test } from '@playwright/test';
import { photo } from '../photo';

// A phone: 375 px wide, touch. `npm start` opens the newsroom as its development editor (wrangler.toml).
test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

test('a journalist picks a library photo as a draft’s main image from a phone, without leaving the newsroom', async ({ page }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const title = `Fachada da agência ${Date.now()}`;

  // A first draft with its main image uploaded, its title saved.
  await page.goto('/redacao');
  await page.getByRole('button', { name: 'Novo rascunho' }).tap();
  await expect(page).toHaveURL(/\/redacao\/rascunhos\/[0-9a-f-]{36}$/);
  await page.getByLabel('Título', { exact: true }).fill(title);
  await page.getByLabel('Texto alternativo da imagem', { exact: true }).fill('Fachada de banco numa esquina do centro');
  await page.getByLabel('Escolher ou arrastar a imagem principal').setInputFiles({
    name: 'agencia.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(1640, 922),
  });
  await expect(page.locator('#arquivo-imagem-estado')).toContainText('Imagem enviada');
  await expect(page.locator('[data-save-state]')).toContainText(/Versão \d+, salva em/);
  // Saved with its title (the autosave's answer to a save made now).
  const first = page.url();
  const saved = page.waitForResponse((response) => response.url() === first && response.request().method() === 'POST' && response.ok());
  await page.getByRole('button', { name: 'Salvar' }).tap();
  await saved;

  // A second draft takes it from the library: a plain link, a search, the photo's page, one button.
  await page.goto('/redacao');
  await page.getByRole('button', { name: 'Novo rascunho' }).tap();
  await expect(page).toHaveURL(/\/redacao\/rascunhos\/[0-9a-f-]{36}$/);
  const second = page.url();
  await page.locator('.nr-image').first().getByRole('link', { name: 'Escolher da biblioteca' }).tap();
  await expect(page.getByText('Escolhendo a imagem principal de')).toBeVisible();
  await page.getByLabel('Buscar no texto alternativo, no crédito ou no título do artigo').fill(title);
  await page.getByRole('button', { name: 'Buscar' }).tap();
  await expect(page.getByRole('status').filter({ hasText: '1 foto(s)' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  await page.screenshot({ path: 'test-results/newsroom-library-375.png', fullPage: true });
  await page.locator('.nr-library a').first().tap();
  await expect(page.getByRole('heading', { name: 'Usar como imagem principal' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await page.locator('#uso-credito').fill('Foto: Arquivo Casa em Pauta');
  await page.getByRole('button', { name: 'Usar no rascunho' }).tap();

  // Back in the second draft, the photo is its main image, with the alt text and credit chosen.
  await expect(page).toHaveURL(`${second}?salvo`);
  await expect(page.getByRole('img', { name: 'Miniatura da imagem principal' })).toBeVisible();
  await expect(page.getByLabel('Texto alternativo da imagem', { exact: true })).toHaveValue('Fachada de banco numa esquina do centro');
  await expect(page.locator('#campo-credito')).toHaveValue('Foto: Arquivo Casa em Pauta');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);

  expect(problems).toEqual([]);
  // Nothing from another host.
  expect(requests.filter((url) => !url.startsWith(new URL(page.url()).origin))).toEqual([]);
});
