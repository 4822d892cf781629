import { expect, type Page, test } from '@playwright/test';

/**
 * The bundled sample article with a table, a figure from its imagens/ folder
 * and a video embed (content/reforma-de-cozinha-planejamento-e-custos), on a
 * phone and on a desktop screen: nothing widens the page, the video (the
 * site's facade until it is clicked: test/e2e/reader/video-facade.spec.ts) is a 16:9
 * box as wide as the text, and the figure's image loads with its alt.
 */
const ARTICLE = '/noticia/reforma-de-cozinha-planejamento-e-custos';

async function open(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  // The video is never loaded: the test stays on this machine.
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ status: 204 }));
  await page.goto(ARTICLE);
  await page.getByRole('button', { name: 'Recusar' }).click();
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test('the table scrolls inside its own box: the page never scrolls sideways', async ({ page }) => {
      await open(page, width);
      const table = page.locator('.article-body table');
      await expect(table).toHaveCount(1);
      await table.scrollIntoViewIfNeeded();
      const sizes = await page.evaluate(() => {
        const box = document.querySelector('.article-body table')!;
        const column = document.querySelector('.article-body')!.getBoundingClientRect();
        const rect = box.getBoundingClientRect();
        return {
          page: document.scrollingElement!.scrollWidth,
          viewport: document.documentElement.clientWidth,
          tableLeft: rect.left,
          tableRight: rect.right,
          columnLeft: column.left,
          columnRight: column.right,
          tableScroll: box.scrollWidth,
          tableBox: box.clientWidth,
        };
      });
      expect(sizes.page).toBe(sizes.viewport);
      expect(sizes.tableLeft).toBeGreaterThanOrEqual(sizes.columnLeft - 0.5);
      expect(sizes.tableRight).toBeLessThanOrEqual(sizes.columnRight + 0.5);
      // On a phone the table is wider than the column: it scrolls, inside its box.
      if (width === 375) expect(sizes.tableScroll).toBeGreaterThan(sizes.tableBox);
    });

    test('the video is a titled 16:9 box as wide as the text column, loading nothing', async ({ page }) => {
      await open(page, width);
      const video = page.locator('.article-body a.video-facade');
      await expect(video).toHaveAttribute('aria-label', /^Assistir ao vídeo: \S/);
      await expect(page.locator('.article-body iframe')).toHaveCount(0);
      await video.scrollIntoViewIfNeeded();
      const { frame, column } = await page.evaluate(() => {
        const body = document.querySelector('.article-body')!;
        const style = getComputedStyle(body);
        const rect = body.getBoundingClientRect();
        return {
          frame: document.querySelector('.article-body a.video-facade')!.getBoundingClientRect().toJSON() as DOMRect,
          column: rect.width - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
        };
      });
      expect(Math.abs(frame.width - column)).toBeLessThanOrEqual(1);
      expect(Math.abs(frame.height - (frame.width * 9) / 16)).toBeLessThanOrEqual(1);
    });

    test("the figure's image loads, from the site, with its alt text and caption", async ({ page }) => {
      await open(page, width);
      const image = page.locator('.article-body figure img');
      await expect(image).toHaveCount(1);
      await expect(image).toHaveAttribute('alt', /.{10,150}/);
      await expect(image).toHaveAttribute('src', /^\/thumbnails\/reforma-de-cozinha-planejamento-e-custos-[0-9a-f]{10}\.webp$/);
      await expect(image).toHaveAttribute('loading', 'lazy');
      await expect(page.locator('.article-body figure figcaption')).not.toBeEmpty();
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const { shown, column } = await image.evaluate((img: HTMLImageElement) => ({
        shown: img.getBoundingClientRect().width,
        column: img.closest('.article-body')!.getBoundingClientRect().width,
      }));
      expect(Math.abs(shown - column)).toBeLessThanOrEqual(1);
    });
  });
}
