import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { LOCAL_SITE_URL as BASE_URL } from '../../../scripts/local-site.ts';
import { gotoBooted } from '../boot-ready';

const AD_HOST = 'pagead2.googlesyndication.com';

/**
 * A stand-in for the AdSense loader, served in place of the real host so the
 * tests run offline: it fills one slot per queued push and counts the pushes.
 */
const ADSENSE_STUB = `
  (() => {
    const queue = window.adsbygoogle = window.adsbygoogle || [];
    window.__adPushes = 0;
    const fill = () => {
      window.__adPushes++;
      const ins = document.querySelector('ins.adsbygoogle:not([data-adsbygoogle-status])');
      if (ins) { ins.setAttribute('data-adsbygoogle-status', 'done'); ins.textContent = 'anúncio de teste'; }
    };
    for (let i = 0; i < queue.length; i++) fill();
    queue.push = () => { fill(); return 0; };
  })();
`;

interface Watch {
  /** Requests to any host but the site itself. */
  thirdParty: string[];
  consoleErrors: string[];
  /** Requests for the React banner chunk. */
  bannerChunk: string[];
}

async function watch(context: BrowserContext, page: Page): Promise<Watch> {
  const seen: Watch = { thirdParty: [], consoleErrors: [], bannerChunk: [] };
  await context.route(`https://${AD_HOST}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: ADSENSE_STUB }),
  );
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname !== 'localhost' && url.protocol !== 'data:') seen.thirdParty.push(request.url());
    if (url.pathname.includes('consent-banner')) seen.bannerChunk.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') seen.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => seen.consoleErrors.push(error.message));
  return seen;
}

const bannerOf = (page: Page) => page.getByRole('dialog', { name: 'Cookies e Privacidade' });

/**
 * Resolves once the page has painted and the browser is idle, twice over: by
 * then the bootstrap has made its one idle-time decision (load the banner
 * island or not) and started whatever that decision asked for.
 */
const paintedAndIdle = (page: Page) =>
  page.evaluate(async () => {
    for (let round = 0; round < 2; round++) {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(resolve))));
    }
  });

/** Whether React has hydrated the banner (React keeps its fiber on the element). */
const hydrated = (page: Page) =>
  page.evaluate(() => Object.keys(document.getElementById('consent-banner') ?? {}).some((key) => key.startsWith('__reactFiber$')));
const adScripts = (page: Page) => page.locator('script#adsense-loader');
const slots = (page: Page) => page.locator('.ad-slot');

test('first visit: the banner shows and nothing is requested from the ad host; React only once the reader reaches for it', async ({
  context,
  page,
}) => {
  const seen = await watch(context, page);
  await gotoBooted(page, '/');
  await expect(bannerOf(page)).toBeVisible();
  await expect(bannerOf(page).getByRole('link', { name: 'Cookies Policy' })).toHaveAttribute('href', '/politica-de-privacidade');
  // Loaded, painted, idle: the banner works without React, which no one has asked for yet.
  await paintedAndIdle(page);
  expect(seen.bannerChunk).toEqual([]);
  expect(await hydrated(page)).toBe(false);
  // The pointer over the banner brings React, which hydrates it as it is.
  await bannerOf(page).hover();
  await expect.poll(() => hydrated(page)).toBe(true);
  expect(seen.bannerChunk).toHaveLength(1);
  await expect(bannerOf(page)).toBeVisible();
  expect(seen.thirdParty).toEqual([]);
  await expect(adScripts(page)).toHaveCount(0);
  await expect(slots(page)).toBeHidden();
  expect(seen.consoleErrors).toEqual([]);
});

test('Aceitar: ads load once, each slot filled once, and the choice is re-applied on every page view', async ({ context, page }) => {
  const seen = await watch(context, page);
  await gotoBooted(page, '/');
  await bannerOf(page).getByRole('button', { name: 'Aceitar' }).click();
  await expect(bannerOf(page)).toBeHidden();
  await expect(adScripts(page)).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __adPushes: number }).__adPushes)).toBe(1);
  await expect(page.locator('ins.adsbygoogle[data-adsbygoogle-status="done"]')).toHaveCount(1);
  await expect(slots(page)).toBeVisible();
  expect(seen.thirdParty.filter((url) => url.includes(AD_HOST))).toHaveLength(1);

  const [cookie] = (await context.cookies()).filter((c) => c.name === 'cookieconsent_status');
  expect(cookie).toMatchObject({ value: 'allow', path: '/', sameSite: 'Lax', domain: 'localhost', secure: false });
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThanOrEqual(365);

  seen.bannerChunk.length = 0;
  await page.reload();
  await expect(adScripts(page)).toHaveCount(1);
  await expect(page.locator('ins.adsbygoogle[data-adsbygoogle-status="done"]')).toHaveCount(1);
  await expect(bannerOf(page)).toBeHidden();
  // A reader who already chose never downloads React.
  await paintedAndIdle(page);
  expect(seen.bannerChunk).toEqual([]);

  await page.goto('/noticia/como-decorar-apartamentos-pequenos');
  await expect(adScripts(page)).toHaveCount(1);
  await expect(page.locator('.article .ad-slot')).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __adPushes: number }).__adPushes)).toBe(1);
  expect(seen.consoleErrors).toEqual([]);
});

test('the banner is there before any script file arrives, and answers before React does', async ({ context, page }) => {
  const seen = await watch(context, page);
  // Hold the bootstrap and the island back: only the inline reveal script can show the banner.
  let releaseBoot = () => {};
  const bootHeld = new Promise<void>((resolve) => (releaseBoot = resolve));
  await context.route(/\/static\/boot-[^/]+\.js$/, async (route) => {
    await bootHeld;
    await route.continue();
  });
  await context.route(/consent-banner/, () => {}); // never answered: React never arrives
  await page.goto('/', { waitUntil: 'commit' });
  await expect(bannerOf(page)).toBeVisible();
  // Shown by the reveal script alone: the bootstrap has not run (it lays the banner out and marks the page).
  expect(await page.locator('html').getAttribute('data-boot-ready')).toBeNull();
  expect(await page.locator('html').getAttribute('data-consent-layout')).toBeNull();

  releaseBoot();
  await expect(page.locator('html')).toHaveAttribute('data-consent-layout', /panel|floating/);
  await bannerOf(page).getByRole('button', { name: 'Aceitar' }).click();
  await expect(bannerOf(page)).toBeHidden();
  await expect(adScripts(page)).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __adPushes: number }).__adPushes)).toBe(1);
  expect((await context.cookies()).find((c) => c.name === 'cookieconsent_status')?.value).toBe('allow');
  expect(seen.consoleErrors).toEqual([]);
});

for (const { button, value, consent } of [
  { button: 'Recusar', value: 'deny', consent: 'false' },
  { button: 'Aceitar', value: 'allow', consent: 'true' },
] as const) {
  test(`${button} clicked before any script file arrives is kept, then applied once the scripts come`, async ({ context, page }) => {
    const seen = await watch(context, page);
    // Every script file (the bootstrap, the island) is held back until the
    // early click has been judged: a slow phone on 3G, made deterministic.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await context.route(/\/static\/[^/]+\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(bannerOf(page)).toBeVisible();
    await bannerOf(page).getByRole('button', { name: button }).click();

    // At once, with no script file yet: closed, and the choice stored.
    await expect(bannerOf(page)).toBeHidden();
    expect(await page.locator('html').getAttribute('data-boot-ready')).toBeNull();
    expect((await context.cookies()).find((c) => c.name === 'cookieconsent_status')?.value).toBe(value);
    expect(seen.thirdParty).toEqual([]);

    releaseScripts();
    await expect(page.locator('html')).toHaveAttribute('data-boot-ready', '');
    await expect(page.locator('html')).toHaveAttribute('data-consent', consent);
    await paintedAndIdle(page);
    await expect(bannerOf(page)).toBeHidden();
    if (value === 'allow') {
      await expect(adScripts(page)).toHaveCount(1);
      await expect.poll(() => page.evaluate(() => (window as unknown as { __adPushes: number }).__adPushes)).toBe(1);
      await expect(slots(page)).toBeVisible();
      expect(seen.thirdParty.filter((url) => url.includes(AD_HOST))).toHaveLength(1);
    } else {
      await expect(adScripts(page)).toHaveCount(0);
      await expect(slots(page)).toBeHidden();
      expect(seen.thirdParty).toEqual([]);
    }
    // The reader has answered: React is never needed on this page.
    expect(seen.bannerChunk).toEqual([]);
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'cookieconsent_status');
    expect(cookie).toMatchObject({ value, path: '/', sameSite: 'Lax', domain: 'localhost', secure: false });
    expect((cookie!.expires * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(364.9);
    expect(seen.consoleErrors).toEqual([]);
  });
}

test('with JavaScript off, the banner stays hidden and nothing loads from the ad host', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const seen = await watch(context, page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bannerOf(page)).toBeHidden();
  expect(seen.thirdParty).toEqual([]);
  await context.close();
});

test('Recusar: no ad request, no ad script, slots hidden, also after a reload', async ({ context, page }) => {
  const seen = await watch(context, page);
  await gotoBooted(page, '/noticia/como-decorar-apartamentos-pequenos');
  await bannerOf(page).getByRole('button', { name: 'Recusar' }).click();
  await expect(bannerOf(page)).toBeHidden();
  await page.reload();
  // The bootstrap has applied the stored choice.
  await expect(page.locator('html')).toHaveAttribute('data-consent', 'false');
  await paintedAndIdle(page);
  await expect(bannerOf(page)).toBeHidden();
  await expect(adScripts(page)).toHaveCount(0);
  await expect(slots(page)).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.dataset.consent)).toBe('false');
  expect(seen.thirdParty).toEqual([]);
  expect((await context.cookies()).find((c) => c.name === 'cookieconsent_status')?.value).toBe('deny');
  expect(seen.consoleErrors).toEqual([]);
});

test('reopened from the footer, allow → deny turns ads off at once, without a reload', async ({ context, page }) => {
  const seen = await watch(context, page);
  await gotoBooted(page, '/');
  await bannerOf(page).getByRole('button', { name: 'Aceitar' }).click();
  await expect(adScripts(page)).toHaveCount(1);

  const opener = page.getByRole('button', { name: 'Preferências de cookies' });
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(bannerOf(page)).toBeVisible();
  await expect(page.locator('#consent-title')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(bannerOf(page).getByRole('link', { name: 'Cookies Policy' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(bannerOf(page).getByRole('button', { name: 'Recusar' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(bannerOf(page)).toBeHidden();
  await expect(adScripts(page)).toHaveCount(0);
  await expect(slots(page)).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.dataset.adsLoaded)).toBeUndefined();
  expect((await context.cookies()).find((c) => c.name === 'cookieconsent_status')?.value).toBe('deny');
  expect(seen.consoleErrors).toEqual([]);
});

test('a returning reader gets React only from the footer link, which reopens the banner with focus', async ({ context, page }) => {
  const seen = await watch(context, page);
  await context.addCookies([{ name: 'cookieconsent_status', value: 'deny', url: BASE_URL }]);
  await gotoBooted(page, '/sobre');
  await paintedAndIdle(page);
  await expect(bannerOf(page)).toBeHidden();
  expect(seen.bannerChunk).toEqual([]);
  await page.getByRole('button', { name: 'Preferências de cookies' }).click();
  await expect(bannerOf(page)).toBeVisible();
  await expect(page.locator('#consent-title')).toBeFocused();
  expect(await hydrated(page)).toBe(true);
  expect(seen.bannerChunk).toHaveLength(1);
  await bannerOf(page).getByRole('button', { name: 'Aceitar' }).click();
  await expect(bannerOf(page)).toBeHidden();
  await expect(adScripts(page)).toHaveCount(1);
  expect(seen.consoleErrors).toEqual([]);
});

for (const viewport of [
  { width: 375, height: 667 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height} the banner fits in 80% of the viewport and hides no content`, async ({ context, page }) => {
    const seen = await watch(context, page);
    await page.setViewportSize(viewport);
    await page.goto('/politica-de-privacidade');
    const banner = bannerOf(page);
    await expect(banner).toBeVisible();
    const box = (await banner.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(viewport.height * 0.8);
    if (viewport.width < 768) {
      expect(box.width).toBe(viewport.width);
      expect(box.y + box.height).toBe(viewport.height);
    } else {
      expect(box.width).toBeLessThan(viewport.width / 2);
    }
    // At the very end of the page, the last line of the footer is above the banner. The room the page
    // keeps for the banner follows its measured height, a frame or more after it shows (a busy CI
    // machine once measured before it): scrolled to the end again until it has settled.
    const lastLineBottom = async () => {
      await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
      const lastLine = (await page.locator('.footer-bottom p').boundingBox())!;
      return lastLine.y + lastLine.height;
    };
    await expect.poll(lastLineBottom).toBeLessThanOrEqual(box.y + 1);
    await page.screenshot({ path: `test-results/consent-banner-${viewport.width}.png` });
    expect(seen.consoleErrors).toEqual([]);
  });
}

test('the banner re-lays out after a resize', async ({ context, page }) => {
  await watch(context, page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const banner = bannerOf(page);
  const root = page.locator('html');
  await expect(banner).toBeVisible();
  await expect(root).toHaveAttribute('data-consent-layout', 'floating');
  await page.setViewportSize({ width: 375, height: 667 });
  await expect(root).toHaveAttribute('data-consent-layout', 'panel');
  expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(667 * 0.8);
});
