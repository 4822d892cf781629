import { expect, test } from '@playwright/test';

// A phone: 375 px wide, touch. `npm start` opens the newsroom as its development editor (wrangler.toml).
test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

test('a journalist writes a draft on a phone; the autosave keeps it through a reload', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));

  await page.goto('/redacao');
  await page.getByRole('button', { name: 'Novo rascunho' }).tap();
  await expect(page).toHaveURL(/\/redacao\/rascunhos\/[0-9a-f-]{36}$/);

  const title = 'Casas de madeira voltam a crescer no Sul do país';
  const body = `Primeiro parágrafo, escrito num celular (${Date.now()}).\n\n## Um intertítulo\n\nE mais texto.`;
  await page.getByLabel('Título', { exact: true }).fill('Casas');
  // Checked as it is typed, with the schema's limits.
  await expect(page.locator('#problema-titulo')).toContainText('o esperado é de 20 a 90');
  await page.getByLabel('Título', { exact: true }).fill(title);
  await expect(page.locator('#problema-titulo')).toBeEmpty();
  // The text as Markdown: the editor's "Markdown" button shows the form's own field (test/e2e/newsroom/newsroom-editor.spec.ts types in the editor).
  await page.getByRole('button', { name: 'Markdown' }).tap();
  await page.locator('#campo-corpo').fill(body);
  await page.getByLabel('Decoração').tap();

  // No button pressed: the autosave stores it a few seconds after the last keystroke.
  await expect(page.locator('[data-save-state]')).toContainText(/Versão \d+, salva em/);
  await page.reload();
  await expect(page.getByLabel('Título', { exact: true })).toHaveValue(title);
  await expect(page.locator('#campo-corpo')).toHaveValue(body);
  await expect(page.getByRole('heading', { level: 2, name: 'Um intertítulo' })).toBeVisible();
  await expect(page.getByLabel('Decoração')).toBeChecked();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  expect(problems).toEqual([]);
  // Nothing from another host.
  expect(requests.filter((url) => !url.startsWith(new URL(page.url()).origin))).toEqual([]);
});
