import { expect, type Page, test } from '@playwright/test';

/**
 * A reader searches from the header's box and opens a result, with
 * JavaScript on and off: the box is a plain GET form and /busca is rendered
 * on the server, so both must work alike. The bundled articles are in the
 * local search index (`npm start` indexes them, scripts/search/prepare-local.ts).
 */

const ARTICLE = {
  slug: 'arquitetura-biofilica-natureza-dentro-de-casa',
  title: 'Arquitetura biofílica: como levar a natureza para dentro de casa',
};

/** Searches from the header of the home page, as a reader would: type, then Enter. */
async function searchFromHeader(page: Page, words: string) {
  await page.goto('/');
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Buscar notícias no site' });
  await expect(box).toBeVisible();
  await box.fill(words);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/busca\?q=/);
}

async function opensTheResult(page: Page, words: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Busca');
  await expect(page.locator('.search-summary')).toContainText(`para “${words}”`);
  const result = page.locator('.card', { has: page.getByRole('link', { name: ARTICLE.title, exact: true }) });
  await expect(result).toHaveCount(1);
  await expect(result.locator('mark').first()).toBeVisible();
  await result.getByRole('link', { name: ARTICLE.title, exact: true }).click();
  await expect(page).toHaveURL(`/noticia/${ARTICLE.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARTICLE.title);
}

test.describe('with JavaScript on', () => {
  test('accents and case do not matter, and a result opens its article', async ({ page }) => {
    await searchFromHeader(page, 'BIOFILICA natur');
    await opensTheResult(page, 'biofilica natur');
  });

  test('the box fits a phone screen, and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await searchFromHeader(page, 'biofílica');
    const box = page.getByRole('banner').getByRole('searchbox');
    const { width } = (await box.boundingBox())!;
    expect(width).toBeGreaterThan(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await opensTheResult(page, 'biofílica');
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the header form still searches, and a result opens its article', async ({ page }) => {
    await searchFromHeader(page, 'Arquitetura  biofílica!');
    await opensTheResult(page, 'arquitetura biofílica');
  });

  test('a search that finds nothing says so, in Portuguese', async ({ page }) => {
    await searchFromHeader(page, 'xilogravura');
    await expect(page.locator('.search-summary')).toHaveText('Nenhuma notícia encontrada para “xilogravura”.');
    await expect(page.locator('.card')).toHaveCount(0);
  });
});
