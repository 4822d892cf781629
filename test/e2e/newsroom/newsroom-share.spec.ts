import { expect, test } from '@playwright/test';
import { photo } from '../photo';
import { newDraft } from './new-draft';

/**
 * The newsroom's aids to sharing and linking (docs/newsroom.md, "Sharing and linking"), on a phone: a link to an
 * older article found by its title, the link's preview as WhatsApp, Facebook and X draw it changing
 * with the share title, the word count and reading time following the text, and the editor's
 * keyboard shortcuts on a desktop. `npm start` opens the newsroom as its development editor, with
 * the sample articles live and in the search index.
 */

test.describe.configure({ timeout: 180_000 });

const PHONE = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
/** A sample article, live on the development site: the one linked to. */
const OLDER = {
  words: 'decorar apartamentos',
  title: 'Como decorar apartamentos pequenos',
  path: '/noticia/como-decorar-apartamentos-pequenos',
};

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a journalist links to an older story by its title and checks the WhatsApp card without leaving the draft', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const title = `Financiamento fica mais barato para imóveis usados ${Date.now()}`;
    const { editor } = await newDraft(page, title, { tap: true });
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    const reading = page.locator('[data-reading]');
    await expect(reading).toHaveText('Nenhuma palavra ainda');

    await editor.tap();
    await page.keyboard.insertText('Quem quer comparar, leia ');
    await expect(reading).toHaveText('4 palavras · 1 min de leitura');
    await button('Link').tap();
    const address = page.getByLabel('Endereço do link');
    await address.fill(OLDER.words);
    const found = page.getByRole('button', { name: new RegExp(`^${OLDER.title}`) });
    await expect(found).toBeVisible();
    await found.tap();
    const link = editor.locator(`a[href="${OLDER.path}"]`);
    await expect(link).toHaveText(/^Como decorar apartamentos pequenos/);
    await expect(page.locator('#campo-corpo')).toHaveValue(new RegExp(`\\]\\(${OLDER.path}\\)`));
    // 300 words more: the reading time the article page will show follows.
    await page.keyboard.insertText(` ${'palavra '.repeat(300)}`);
    await expect(reading).toHaveText(/^3\d\d palavras · 2 min de leitura$/);

    // The link's preview: the title until a share title is written, then that.
    const whatsapp = page.locator('[data-share-title="whatsapp"]');
    await expect(whatsapp).toHaveText(title.length > 65 ? /^Financiamento fica mais barato/ : title);
    await page.getByLabel('Resumo').fill('Bancos baixam os juros do crédito para imóveis usados e ampliam o prazo de pagamento.');
    await expect(page.locator('[data-share-description="whatsapp"]')).toHaveText(/^Bancos baixam os juros/);
    await page.getByLabel('Texto alternativo da imagem', { exact: true }).fill('Fachada de prédio residencial com varandas e árvores');
    await page.locator('#arquivo-imagem').setInputFiles({ name: 'predio.jpg', mimeType: 'image/jpeg', buffer: await photo(1600, 900) });
    await expect(page.locator('[data-share-image="whatsapp"]')).toBeVisible({ timeout: 60_000 });
    // The card shows the main image's share image, cut to 1200×630 in the browser at upload: what og:image will name.
    const shareImage = page.locator('[data-share-image="whatsapp"]');
    const natural = () => shareImage.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
    await expect(shareImage).toHaveAttribute('src', /^\/redacao\/midia\/[0-9a-f]{10}-1200x630\.webp$/);
    await expect.poll(natural).toEqual([1200, 630]);
    await page.getByLabel('Título para compartilhar').fill('Crédito para imóvel usado fica mais barato');
    for (const app of ['whatsapp', 'facebook', 'x'])
      await expect(page.locator(`[data-share-title="${app}"]`)).toHaveText('Crédito para imóvel usado fica mais barato');
    await expect(page.locator('[data-count="tituloSocial"]')).toHaveText('42 de 60 caracteres recomendados.');
    // The card is drawn at the apps' proportions: the image 1.91:1, inside the phone's width.
    const frame = await page.locator('.nr-share-whatsapp .nr-share-frame').boundingBox();
    expect(frame!.width).toBeLessThanOrEqual(375);
    expect(frame!.width / frame!.height).toBeCloseTo(1.91, 1);

    // Saved, the page draws the same card without its script.
    await expect(page.locator('[data-save-state]')).toContainText(/Versão \d+, salva em/, { timeout: 30_000 });
    await page.reload();
    await expect(whatsapp).toHaveText('Crédito para imóvel usado fica mais barato');
    await expect(page.locator('.nr-warnings')).toHaveCount(0);
    await expect(shareImage).toHaveAttribute('src', /-1200x630\.webp$/);
    await expect.poll(natural).toEqual([1200, 630]);
    await page.locator('.nr-share').screenshot({ path: test.info().outputPath('link-compartilhado.png') });
    expect(errors).toEqual([]);
  });
});

test.describe('on a desktop, with the keyboard', () => {
  test.use(DESKTOP);

  test("the editor's usual shortcuts format the text and undo it", async ({ page }) => {
    const { editor, markdown } = await newDraft(page, `Atalhos do editor de texto ${Date.now()}`, { tap: false });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+Alt+2');
    await page.keyboard.type('Intertítulo');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('forte');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.press('ControlOrMeta+i');
    await page.keyboard.type(' leve');
    await page.keyboard.press('ControlOrMeta+i');
    const formatted = /^## Intertítulo\n\n\*\*forte\*\* \*leve\*\n?$/;
    await expect(markdown).toHaveValue(formatted);
    await page.keyboard.press('ControlOrMeta+k');
    await expect(page.getByLabel('Endereço do link')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(editor).toBeFocused();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(markdown).not.toHaveValue(formatted);
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect(markdown).toHaveValue(formatted);
    await expect(page.getByRole('button', { name: 'Intertítulo', exact: true })).toHaveAttribute('aria-keyshortcuts', 'Control+Alt+2');
  });
});
