import { expect, type Page, test } from '@playwright/test';
import { gotoBooted } from '../boot-ready';

/**
 * The sample article with a video (content/reforma-de-cozinha-planejamento-e-custos):
 * until the reader clicks it, the video is the site's own facade, and the page
 * asks nothing of YouTube or any other host. A click puts the privacy-enhanced
 * player in its place, with the site's attributes only; without JavaScript
 * the facade is a plain link to that player. The player's page is answered
 * here (an empty page), so the test stays on this machine.
 */
const ARTICLE = '/noticia/reforma-de-cozinha-planejamento-e-custos';
const TITLE = 'Vídeo: a ordem das etapas de uma reforma de cozinha';
const PLAYER = 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE';

/** Every request the page makes to a host other than its own (the site is localhost). */
async function watchElsewhere(page: Page, origin: string): Promise<string[]> {
  const elsewhere: string[] = [];
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>player</title>' }),
  );
  page.on('request', (request) => {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin) elsewhere.push(request.url());
  });
  return elsewhere;
}

/** Resolves once the page has painted and the browser has been idle twice: lazy loads near the view have started by then. */
const settled = (page: Page) =>
  page.evaluate(async () => {
    for (let round = 0; round < 2; round++) {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(resolve))));
    }
  });

const facadeOf = (page: Page) => page.getByRole('link', { name: `Assistir ao vídeo: ${TITLE}` });
const playerOf = (page: Page) => page.locator('.article-body iframe');

for (const width of [375, 1280]) {
  test(`at ${width} px: nothing loads from another host until the click, then the player plays in the facade's place`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const origin = new URL(baseURL!).origin;
    const elsewhere = await watchElsewhere(page, origin);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await gotoBooted(page, ARTICLE);
    await page.getByRole('button', { name: 'Recusar' }).click();
    const facade = facadeOf(page);
    await expect(facade).toHaveCount(1);
    await expect(facade).toHaveAttribute('href', PLAYER);
    await expect(facade.locator('.video-facade-title')).toHaveText(TITLE);
    await expect(facade.locator('.video-facade-play')).toHaveAttribute('aria-hidden', 'true');
    // In view, pointed at and focused: still nothing asked of YouTube (or anyone else).
    await facade.scrollIntoViewIfNeeded();
    await facade.hover();
    await facade.focus();
    await settled(page);
    expect(elsewhere).toEqual([]);
    await expect(page.locator('iframe')).toHaveCount(0);
    const poster = (await facade.boundingBox())!;
    expect(Math.abs(poster.height - (poster.width * 9) / 16)).toBeLessThanOrEqual(1);

    const asked = page.waitForRequest(`${PLAYER}?autoplay=1`);
    await facade.click();
    await asked;
    // The same page, with the player where the facade was.
    expect(page.url()).toBe(`${origin}${ARTICLE}`);
    await expect(facade).toHaveCount(0);
    const player = playerOf(page);
    await expect(player).toHaveCount(1);
    const attributes = await player.evaluate((frame) => Object.fromEntries([...frame.attributes].map((a) => [a.name, a.value])));
    expect(attributes).toEqual({
      src: `${PLAYER}?autoplay=1`,
      title: TITLE,
      allow: 'accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture',
      allowfullscreen: '',
      referrerpolicy: 'strict-origin-when-cross-origin',
    });
    await expect(player).toBeFocused();
    const box = (await player.boundingBox())!;
    for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(box[side] - poster[side])).toBeLessThanOrEqual(1);
    // The player's page, and only it, came from elsewhere.
    expect(elsewhere).toEqual([`${PLAYER}?autoplay=1`]);
    expect(errors).toEqual([]);
  });
}

test('from the keyboard: Enter on the facade plays the video, and focus moves to the player', async ({ page, baseURL }) => {
  await watchElsewhere(page, new URL(baseURL!).origin);
  await gotoBooted(page, ARTICLE);
  await page.getByRole('button', { name: 'Recusar' }).click();
  await facadeOf(page).focus();
  await page.keyboard.press('Enter');
  await expect(playerOf(page)).toHaveCount(1);
  await expect(playerOf(page)).toBeFocused();
  expect(page.url()).toMatch(new RegExp(`${ARTICLE}$`));
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the facade is a link the reader follows to the privacy-enhanced player, and nothing loads before', async ({ page, baseURL }) => {
    const elsewhere = await watchElsewhere(page, new URL(baseURL!).origin);
    await page.goto(ARTICLE);
    const facade = facadeOf(page);
    await facade.scrollIntoViewIfNeeded();
    await facade.hover();
    expect(elsewhere).toEqual([]);
    await facade.click();
    await expect(page).toHaveURL(PLAYER);
    expect(elsewhere).toEqual([PLAYER]);
  });
});
