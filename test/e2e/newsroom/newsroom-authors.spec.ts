import { expect, test } from '@playwright/test';
import { photo } from '../photo';

// A phone: 375 px wide, touch. `npm start` opens the newsroom as its development editor (wrangler.toml).
test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

/** A name of letters no other run has used (the local site keeps its authors between runs). */
const surname = () =>
  Array.from({ length: 7 }, (_, i) => String.fromCharCode((i === 0 ? 65 : 97) + Math.floor(Math.random() * 26))).join('');

test('an editor adds an author with a photo from a phone: the page crops and reduces it, and the site shows it', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const name = `Rita ${surname()}`;
  const slug = name.toLowerCase().replace(' ', '-');

  await page.goto('/redacao/autores');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Adicionar e publicar' }) });
  await form.getByLabel('Nome (como aparece na assinatura)').fill(name);
  await form.getByLabel('Cargo').fill('Repórter de arquitetura');
  await form.getByLabel('Biografia').fill('Escreve sobre casas, cidades e o jeito de morar nas capitais do Nordeste.');
  const picker = form.getByLabel('Foto', { exact: true });
  const state = page.locator('#novo-autor-foto-estado');

  // Too small to fill the square: said, and the file is not kept.
  await picker.setInputFiles({ name: 'pequena.jpg', mimeType: 'image/jpeg', buffer: await photo(150, 150) });
  await expect(state).toContainText('a foto tem 150×150 pixels: escolha uma de 192×192 ou maior');
  await expect(picker).toHaveValue('');

  // A camera's landscape photo: its centre square, reduced, shown before anything is sent.
  await picker.setInputFiles({ name: 'rita.jpg', mimeType: 'image/jpeg', buffer: await photo(1600, 1200) });
  await expect(state).toContainText('Foto nova pronta (o centro, em 192×192): salve para publicá-la.');
  await expect(form.getByRole('img', { name: 'Foto nova' })).toBeVisible();
  // The form sends the prepared WebP, named after the file picked.
  expect(await picker.evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((file) => [file.name, file.type]))).toEqual([
    ['rita.webp', 'image/webp'],
  ]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  await page.screenshot({ path: test.info().outputPath('autores-foto-pronta.png'), fullPage: true });

  await form.getByRole('button', { name: 'Adicionar e publicar' }).tap();
  await expect(page.getByRole('status')).toContainText(`${name}: salvo e publicado.`);

  // The author's page shows the published photo, 192 px square.
  await page.goto(`/autor/${slug}`);
  const avatar = page.locator('img.author-avatar-large');
  await expect(avatar).toHaveAttribute('src', new RegExp(`^/thumbnails/autor-${slug}-[0-9a-f]{10}\\.webp$`));
  await avatar.scrollIntoViewIfNeeded();
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight])).toEqual([192, 192]);
  await page.screenshot({ path: test.info().outputPath('autor-pagina.png') });
  expect(problems).toEqual([]);
});
