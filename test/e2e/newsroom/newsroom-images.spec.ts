import { expect, test } from '@playwright/test';
import { photo } from '../photo';

// A phone: 375 px wide, touch. `npm start` opens the newsroom as its development editor (wrangler.toml).
test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

test('a journalist uploads the main image from a phone and sees its thumbnail, kept in the draft; then an image for the text', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));

  await page.goto('/redacao');
  await page.getByRole('button', { name: 'Novo rascunho' }).tap();
  await expect(page).toHaveURL(/\/redacao\/rascunhos\/[0-9a-f-]{36}$/);
  const picker = page.getByLabel('Escolher ou arrastar a imagem principal');
  const state = page.locator('#arquivo-imagem-estado');

  // The text alternative comes first: without it, nothing is sent and the field is named.
  await picker.setInputFiles({ name: 'sala.jpg', mimeType: 'image/jpeg', buffer: await photo(1600, 900) });
  await expect(state).toContainText('falta o texto alternativo da imagem');
  await page.getByLabel('Texto alternativo da imagem', { exact: true }).fill('Sala pequena com sofá cinza e espelho redondo');

  const thumbnail = page.getByRole('img', { name: 'Miniatura da imagem principal' });
  const thumbnailSize = () => thumbnail.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);

  // Too small once cut to 16:9: refused, with the sizes, before anything is sent.
  await picker.setInputFiles({ name: 'pequena.jpg', mimeType: 'image/jpeg', buffer: await photo(1100, 1300) });
  await expect(state).toContainText(
    'a imagem tem 1100×1300: recortada em 16:9, ficaria com 1100×619, menos que o mínimo de 1200×675; use uma foto maior',
  );

  // A phone camera's 4:3: cut to 16:9 at its centre in the browser, then kept at its top at a tap.
  await picker.setInputFiles({ name: 'sala-4x3.jpg', mimeType: 'image/jpeg', buffer: await photo(1600, 1200) });
  await expect(state).toContainText(/Imagem enviada, recortada em 16:9 mantendo o centro, em WebP \(.+\)\./);
  await expect.poll(thumbnailSize).toEqual([480, 270]);
  const framing = page.getByRole('group', { name: 'Enquadramento' });
  await expect(framing.getByRole('button', { name: 'Centro' })).toHaveAttribute('aria-pressed', 'true');
  const centre = await thumbnail.getAttribute('src');
  await framing.getByRole('button', { name: 'Alto' }).tap();
  await expect(state).toContainText('recortada em 16:9 mantendo o alto');
  await expect(framing.getByRole('button', { name: 'Alto' })).toHaveAttribute('aria-pressed', 'true');
  await expect(thumbnail).not.toHaveAttribute('src', centre!);
  await expect.poll(thumbnailSize).toEqual([480, 270]);
  await page
    .locator('fieldset.nr-image')
    .first()
    .screenshot({ path: test.info().outputPath('enquadramento.png') });

  // A camera's 3200×1800: 16:9 already, reduced in the browser to 2400×1350 WebP before it is sent; no framing to choose.
  await picker.setInputFiles({ name: 'sala.jpg', mimeType: 'image/jpeg', buffer: await photo(3200, 1800) });
  await expect(state).toContainText(/Imagem enviada, reduzida a .* em WebP\./);
  await expect(thumbnail).toBeVisible();
  await expect(framing).toBeHidden();
  await expect.poll(thumbnailSize).toEqual([480, 270]);

  // The draft names it: after the autosave, a reload shows it again.
  await expect(page.locator('[data-save-state]')).toContainText(/Versão \d+, salva em/);
  await page.reload();
  await expect(page.getByRole('img', { name: 'Miniatura da imagem principal' })).toBeVisible();

  // An image for the text goes into the text where the cursor is (the editor writes its Markdown line), and shows in the list.
  await page.locator('.nr-ed-text').tap();
  await page.keyboard.type('Primeiro parágrafo.');
  const body = page.locator('#campo-corpo');
  await page.getByLabel('Texto alternativo da imagem do texto').fill('Planta baixa do apartamento de dois quartos');
  await page.getByLabel('Escolher ou arrastar uma imagem para o texto').setInputFiles({
    name: 'planta.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(1000, 1400),
  });
  await expect(page.locator('#arquivo-figura-estado')).toContainText('Imagem enviada.');
  await expect(body).toHaveValue(
    /^Primeiro parágrafo\.\n\n!\[Planta baixa do apartamento de dois quartos\]\(imagens\/[0-9a-f]{10}\.jpg\)\n$/,
  );
  await expect(page.locator('.nr-ed-figure img')).toHaveAttribute('src', /^\/redacao\/midia\/[0-9a-f]{10}-480w\.webp$/);
  await expect(page.locator('[data-figures] img')).toHaveCount(1);
  await expect(page.getByLabel('Texto alternativo da imagem do texto')).toHaveValue('');
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  await page.screenshot({ path: 'test-results/newsroom-image-375.png', fullPage: true });

  expect(problems).toEqual([]);
  // Nothing from another host.
  expect(requests.filter((url) => !url.startsWith(new URL(page.url()).origin))).toEqual([]);
});
