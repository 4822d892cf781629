import { expect, type Page, test } from '@playwright/test';

// A bundled sample with a figure, a table and a video in its text. `npm start` opens the newsroom as its development editor.
const TITLE = 'Reforma de cozinha: como planejar o layout, os materiais e o orçamento';

/** From the list: the sample's "Editar" (its draft is made), or its draft's link once an earlier run made it. */
async function openFromList(page: Page, press: (target: ReturnType<Page['locator']>) => Promise<void>) {
  await page.goto(`/redacao?busca=${encodeURIComponent('reforma de cozinha')}`);
  const row = page.locator('.nr-list > li', { hasText: TITLE });
  const edit = row.getByRole('button', { name: 'Editar' });
  await press((await edit.count()) > 0 ? edit : row.getByRole('link', { name: TITLE }));
  await expect(page).toHaveURL(/\/redacao\/rascunhos\/[0-9a-f-]{36}$/);
}

/** The draft shows the live article: its title, its text as Markdown, its main image and its text's image; then its preview is the page. */
async function seeDraftAndPreview(page: Page, press: (target: ReturnType<Page['locator']>) => Promise<void>, width: number) {
  await expect(page.getByLabel('Título', { exact: true })).toHaveValue(TITLE);
  await expect(page.locator('#campo-corpo')).toHaveValue(/## Comece pelo layout: o triângulo de trabalho/);
  await expect(page.locator('#campo-corpo')).toHaveValue(/https:\/\/www\.youtube\.com\/watch\?v=M7lc1UVf-VE/);
  const thumbnail = page.locator('img[data-thumbnail]');
  await expect(thumbnail).toBeVisible();
  // Visible is not loaded: on a busy machine the image may still be arriving; decode() waits for it, or fails if it never can.
  expect(await thumbnail.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).toBeGreaterThan(0);
  const figure = page.locator('[data-figures] img').first();
  expect(await figure.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  await press(page.getByRole('link', { name: 'Pré-visualizar a versão salva' }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.locator('.pv-bar')).toContainText('Pré-visualização');
  await expect(page.getByRole('heading', { name: 'Materiais que aguentam o dia a dia' })).toBeVisible();
  await expect(page.locator('table caption')).toContainText('Custos de referência');
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });
  test('from the list, a live sample opens as a draft with its text and images, and previews', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const tap = (target: ReturnType<Page['locator']>) => target.tap();
    await openFromList(page, tap);
    await seeDraftAndPreview(page, tap, 375);
    expect(errors).toEqual([]);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('the same, with a mouse; the list filters by state', async ({ page }) => {
    const click = (target: ReturnType<Page['locator']>) => target.click();
    await openFromList(page, click);
    await seeDraftAndPreview(page, click, 1280);
    await page.goto('/redacao');
    await page.getByLabel('Estado').selectOption('publicado');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/estado=publicado/);
    await expect(page.locator('.nr-state').first()).toHaveText('publicado');
  });
});
