import { expect, test } from '@playwright/test';

// A phone: 375 px wide, touch. `npm start` opens the newsroom as its development editor (wrangler.toml).
const PHONE = { viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true };
test.use(PHONE);

test('a draft typed on a phone, previewed as the real page, and shared with someone signed out', async ({ page, browser }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/redacao');
  await page.getByRole('button', { name: 'Novo rascunho' }).tap();
  await expect(page).toHaveURL(/\/redacao\/rascunhos\/[0-9a-f-]{36}$/);
  const title = `Casas de madeira voltam a crescer no Sul ${Date.now()}`;
  await page.getByLabel('Título', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Markdown' }).tap();
  await page.locator('#campo-corpo').fill('Primeiro parágrafo do rascunho, escrito num celular.\n\n# Um título a mais\n\nE mais texto.');
  // Leaving the text is a change (the save line shortens to "Alterações não salvas", moving what is below it):
  // done and saved before the tap, so the link is where the tap lands.
  await page.locator('#campo-corpo').blur();
  await expect(page.locator('[data-save-state]')).toContainText(/Versão \d+, salva em/);

  await page.getByRole('link', { name: 'Pré-visualizar a versão salva' }).tap();
  // The reader's page, with the bar above it naming the problems by field and line.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('.pv-bar')).toContainText('Pré-visualização');
  await expect(page.locator('.pv-problems')).toContainText('Texto, linha 3');
  await expect(page.locator('.site-footer')).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole('button', { name: /Criar link/ }).tap();
  const shared = await page.locator('input.pv-link').first().inputValue();
  expect(shared).toMatch(/\/previa\//);

  // Someone without a newsroom account: a fresh context, no cookie, no identity.
  const stranger = await browser.newContext(PHONE);
  const outside = await stranger.newPage();
  const response = await outside.goto(shared);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(outside.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(outside.locator('.pv-bar')).toContainText('Prévia compartilhada pela redação');
  await expect(outside.locator('.pv-share')).toHaveCount(0);
  await stranger.close();

  // Revoked: the same address now refuses.
  await page.getByRole('button', { name: 'Revogar' }).first().tap();
  const again = await browser.newContext(PHONE);
  const refused = await (await again.newPage()).goto(shared);
  expect(refused?.status()).toBe(410);
  await again.close();

  expect(problems).toEqual([]);
});
