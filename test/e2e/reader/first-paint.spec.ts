import { expect, type Page, test } from '@playwright/test';
import { gotoBooted } from '../boot-ready';

/** Resource timing of the bootstrap and of the page's first contentful paint, in ms since navigation. */
function timings(page: Page) {
  return page.evaluate(() => {
    const boot = performance.getEntriesByType('resource').find((entry) => /\/static\/boot-[\w-]+\.js$/.test(entry.name));
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    const image = hero && performance.getEntriesByName(hero.currentSrc)[0];
    return {
      bootStart: boot?.startTime ?? null,
      firstPaint: paint?.startTime ?? null,
      imageEnd: image ? (image as PerformanceResourceTiming).responseEnd : null,
    };
  });
}

test('the bootstrap is asked for only after the first paint', async ({ page }) => {
  await gotoBooted(page, '/');
  const { bootStart, firstPaint } = await timings(page);
  expect(firstPaint).not.toBeNull();
  expect(bootStart).not.toBeNull();
  expect(bootStart!).toBeGreaterThanOrEqual(firstPaint!);
});

test('on an article, only after its main image has arrived', async ({ page }) => {
  await gotoBooted(page, '/noticia/como-decorar-apartamentos-pequenos');
  const { bootStart, imageEnd } = await timings(page);
  expect(imageEnd).not.toBeNull();
  expect(bootStart!).toBeGreaterThanOrEqual(imageEnd!);
});
