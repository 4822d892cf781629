import { expect, type Page, test } from '@playwright/test';
import { SIMULATION_30_YEARS } from '../../../scripts/lib/tool-results';
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

test('the icon needs no request, and the manifest is linked once the boot script runs', async ({ page }) => {
  const html = await (await page.request.get('/')).text();
  expect(html).not.toContain('rel="manifest"');
  await gotoBooted(page, '/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/site.webmanifest');
  // The data: icon is a picture Chrome can draw.
  const width = await page.evaluate(async () => {
    const image = new Image();
    image.src = document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.href;
    await image.decode();
    return image.naturalWidth;
  });
  expect(width).toBeGreaterThan(0);
});

test.describe('an article on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('lays out its first blocks for the first paint, the rest when the reader nears them, spaced as before', async ({ page }) => {
    await page.goto('/noticia/como-decorar-apartamentos-pequenos');
    // An element inside a deferred block is skipped (not laid out) until then; the block itself never is.
    const rendered = () =>
      page.$$eval('.article-body > *', (blocks) =>
        blocks.map((block) => {
          const inside = block.querySelector('*');
          return inside ? inside.checkVisibility({ contentVisibilityAuto: true }) : null;
        }),
      );
    const atLoad = await rendered();
    const firstList = atLoad.findIndex((_, i) => i >= 3 && atLoad[i] !== null);
    expect(firstList).toBeGreaterThan(5);
    expect(atLoad[firstList]).toBe(false);

    // Near the reader, it is laid out.
    await page.locator(`.article-body > :nth-child(${firstList + 1})`).scrollIntoViewIfNeeded();
    await expect.poll(async () => (await rendered())[firstList]).toBe(true);

    // Scrolled through, every block has been laid out once and keeps its height when skipped again.
    const bottom = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < bottom; y += 300) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      await page.evaluate(() => new Promise(requestAnimationFrame));
    }

    // The same blocks with no deferral at all: every block where it was (the margins collapse as before).
    const tops = () =>
      page.$$eval('.article-body > *', (blocks) => blocks.map((block) => Math.round(block.getBoundingClientRect().top + window.scrollY)));
    const deferred = await tops();
    await page.$$eval('.article-body > *', (blocks) => {
      for (const block of blocks) {
        (block as HTMLElement).style.setProperty('content-visibility', 'visible', 'important');
        (block as HTMLElement).style.setProperty('contain', 'none', 'important');
      }
    });
    expect(await tops()).toEqual(deferred);
  });
});

/**
 * Chrome lays out for the first frame every `content-visibility: auto` block
 * that starts within two and a half screens of the top, in a second pass after
 * the first layout: such a block is not deferred, only split in two (the home's
 * card grid was). So every deferred block of a page must start farther down on a
 * phone, short or tall. An article's body blocks are deferred by their place in
 * the text, so the one or two at that distance are its known exception.
 */
const deferredOnAPhone: [path: string, blocks: string[]][] = [
  ['/', ['article.card', 'footer.site-footer']],
  ['/tema/decoracao', ['article.card', 'footer.site-footer']],
  ['/busca?q=casa', ['article.card', 'footer.site-footer']],
  ['/autor/camila-nogueira', ['footer.site-footer']],
  ['/noticia/como-decorar-apartamentos-pequenos', ['div.card-grid card-grid-related', 'footer.site-footer']],
  [SIMULATION_30_YEARS, ['div.sim-table-box sim-deferred', 'footer.site-footer']],
];

for (const viewport of [
  { width: 360, height: 640 },
  { width: 412, height: 823 },
  { width: 412, height: 915 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    for (const [path, blocks] of deferredOnAPhone) {
      test(`every deferred block of ${path.split('?')[0]} is skipped at load`, async ({ page }) => {
        await page.goto(path);
        // Two frames: Chrome decides which deferred blocks are near in the first, and lays those out after it.
        // The load event can come before the first frame, and a block judged then is not judged yet.
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        const deferred = await page.$$eval('body *', (elements) =>
          elements
            .filter((element) => getComputedStyle(element).contentVisibility === 'auto' && !element.matches('.article-body > *'))
            .map((element) => ({
              block: `${element.tagName.toLowerCase()}.${element.className}`,
              rendered: [...element.querySelectorAll('*')].some((inside) => inside.checkVisibility({ contentVisibilityAuto: true })),
            })),
        );
        // What the page defers: a page with nothing deferred would pass for the wrong reason.
        expect([...new Set(deferred.map(({ block }) => block))].sort()).toEqual(blocks);
        expect(deferred.filter(({ rendered }) => rendered)).toEqual([]);
      });
    }
  });
}
