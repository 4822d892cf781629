import { expect, type Page, test } from '@playwright/test';
import { gotoBooted } from '../boot-ready';

/** Fails the test on any console error or uncaught exception in the page. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('a reader goes from the home page to an article and back', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Casa em Pauta');
  const cards = page.locator('.posts .card');
  expect(await cards.count()).toBeGreaterThanOrEqual(12);

  const firstTitle = (await cards.first().locator('.card-title').textContent())!;
  await cards
    .first()
    .getByRole('link', { name: /Ler mais/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
  await expect(page.getByText('Imagem: Reprodução/Internet')).toBeVisible();
  await expect(page.locator('#relacionados')).toHaveText('Artigos Relacionados');

  await page.getByRole('link', { name: 'Casa em Pauta' }).first().click();
  await expect(page).toHaveURL('/');
  expect(problems).toEqual([]);
});

test('every image on the home page loads, as AVIF where it is offered, of a width that fits', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const images = page.locator('img');
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const source = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
    // Articles published from the newsroom have WebP variants only (their entries say so), and offer no AVIF.
    const avif = await image.evaluate(
      (img: HTMLImageElement) => img.closest('picture')?.querySelector('source[type="image/avif"]') != null,
    );
    // 335 CSS px at the default device pixel ratio of 1: the 480 px variant is enough.
    expect(source).toMatch(avif ? /-480w\.avif$/ : /-480w\.webp$/);
  }
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

  test('the menu collapses behind a button that opens and closes it', async ({ page }) => {
    const problems = watchConsole(page);
    await gotoBooted(page, '/sobre');
    const button = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sobre' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Contato' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fale Conosco');
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(problems).toEqual([]);
  });

  test('with JavaScript off, the menu links are in view, without a button that could not open them', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 667 }, isMobile: true });
    const page = await context.newPage();
    await page.goto('/sobre');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    for (const label of ['Home', 'Sobre', 'Contato', 'Privacidade', 'Termos de Uso']) {
      await expect(nav.getByRole('link', { name: label })).toBeInViewport();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });

  test('no page scrolls sideways', async ({ page }) => {
    for (const path of ['/', '/noticia/como-decorar-apartamentos-pequenos', '/politica-de-privacidade', '/nao-existe']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test('the unknown-page answer is a 404 inside the layout', async ({ page }) => {
  const response = await page.goto('/noticia/nao-existe');
  expect(response!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test.describe('the Postagens grid', () => {
  for (const [width, columns] of [
    [375, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    test(`has ${columns} column(s) at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const lefts = await page
        .locator('.posts .card')
        .evaluateAll((cards) => new Set(cards.map((card) => Math.round(card.getBoundingClientRect().left))).size);
      expect(lefts).toBe(columns);
    });
  }
});

test('the header stays at the top while the page scrolls', async ({ page }) => {
  await page.goto('/noticia/como-decorar-apartamentos-pequenos');
  await page.mouse.wheel(0, 2500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const top = await page.locator('.site-header').evaluate((header) => header.getBoundingClientRect().top);
  expect(top).toBe(0);
});

test('hashed client files are cached for a year, immutably', async ({ page, request }) => {
  // The boot script is added after the first paint: wait for it, not for `load`.
  await gotoBooted(page, '/');
  // The stylesheet is linked only once it is too large to inline (vite.config.ts).
  const urls = await page.evaluate(() =>
    [
      document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.href,
      document.querySelector<HTMLScriptElement>('script[type="module"]')!.src,
    ].filter((url): url is string => url !== undefined),
  );
  for (const url of urls) {
    expect(url).toMatch(/\/static\/[\w-]+-[\w-]{8}\.(css|js)$/);
    const response = await request.get(url);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
});
