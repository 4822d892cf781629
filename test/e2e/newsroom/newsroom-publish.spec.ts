import { expect, type Page, test } from '@playwright/test';
import { photo } from '../photo';

// `npm start` opens the newsroom as its development editor (a chefe: wrangler.toml), who may publish.

const BODY = [
  'Construtoras do Paraná e de Santa Catarina dizem que a procura por casas de madeira dobrou em dois anos, puxada por quem quer obra rápida e limpa.',
  '',
  '## O custo',
  '',
  'O custo por metro quadrado ficou perto do da alvenaria, e o prazo de entrega caiu para a metade em boa parte dos projetos visitados.',
  '',
  'Arquitetos lembram que a madeira certificada exige manutenção a cada poucos anos, com verniz e inspeção de cupins, e que o seguro pode custar mais.',
  '',
  'Bancos já financiam esse tipo de obra nas mesmas condições da alvenaria, desde que o projeto tenha laudo técnico.',
  '',
].join('\n');

/**
 * Starts a draft and fills it as a journalist would, main image and an image for the text included; its title.
 * `date` null leaves "Data de publicação" as a new draft has it, empty.
 */
async function writeDraft(page: Page, tap: boolean, seed: string, date: string | null = '2025-05-10T09:00'): Promise<string> {
  await page.goto('/redacao');
  const start = page.getByRole('button', { name: 'Novo rascunho' });
  await (tap ? start.tap() : start.click());
  await expect(page).toHaveURL(/\/redacao\/rascunhos\/[0-9a-f-]{36}$/);
  const title = `Casas de madeira voltam a crescer no Sul ${seed}`;
  await page.getByLabel('Título', { exact: true }).fill(title);
  await page.getByLabel('Resumo', { exact: true }).fill('A procura por casas de madeira dobrou em dois anos no Sul, segundo construtoras.');
  if (date !== null) await page.getByLabel('Data de publicação').fill(date);
  await page.getByLabel('Texto alternativo da imagem', { exact: true }).fill('Casa de madeira clara com varanda e jardim na frente');
  await page.getByLabel('Escolher ou arrastar a imagem principal').setInputFiles({
    name: 'casa.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(1600, 900),
  });
  await expect(page.locator('#arquivo-imagem-estado')).toContainText('Imagem enviada');
  // The text as Markdown: the editor's own view of it (the rich text has its own browser test).
  const markdownView = page.getByRole('button', { name: 'Markdown' });
  await (tap ? markdownView.tap() : markdownView.click());
  await page.locator('#campo-corpo').fill(BODY);
  await page.getByLabel('Texto alternativo da imagem do texto').fill('Planta baixa da casa de madeira com dois quartos');
  await page.getByLabel('Escolher ou arrastar uma imagem para o texto').setInputFiles({
    name: 'planta.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(1000, 800),
  });
  await expect(page.locator('#arquivo-figura-estado')).toContainText('Imagem enviada.');
  await expect(page.locator('[data-save-state]')).toContainText(/Versão \d+, salva em/);
  return title;
}

/** Every image the page shows has loaded (its chosen source answered with an image). */
async function expectImagesLoaded(page: Page): Promise<void> {
  const images = page.locator('main img');
  expect(await images.count()).toBeGreaterThanOrEqual(2);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  }
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

  test('an editor writes a draft with images, publishes it, and opens the live page', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    // The date is left as a new draft has it: empty means "publish now", and the form says so without a problem.
    const title = await writeDraft(page, true, `${Date.now()}`, null);
    const date = page.getByLabel('Data de publicação');
    await expect(date).toHaveValue('');
    await expect(page.locator('#dica-data')).toContainText('Vazio: publica agora');
    await expect(page.locator('#problema-data')).toBeEmpty();

    await page.getByRole('button', { name: 'Publicar', exact: true }).tap();
    const notice = page.locator('.nr-publish .nr-notice');
    await expect(notice).toContainText('Publicado em /noticia/');
    await expect(notice).toContainText('Neste computador os leitores já o veem.');
    await expect(page.locator('.nr-publish-state')).toContainText('No ar em /noticia/');
    // The minute of the publish is now the draft's date, so publishing changes later keeps it.
    await expect(date).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.locator('.nr-publish').screenshot({ path: 'test-results/newsroom-publish-375.png' });

    await notice.getByRole('link').tap();
    await expect(page).toHaveURL(/\/noticia\/casas-de-madeira-voltam-a-crescer-no-sul-\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('main')).toContainText('Construtoras do Paraná');
    await expectImagesLoaded(page);
    // The newsroom's images have no AVIF variants: the page offers none for this article (the related cards' have theirs).
    const slug = new URL(page.url()).pathname.split('/').pop()!;
    expect(await page.locator(`main picture source[type="image/avif"][srcset*="${slug}-"]`).count()).toBe(0);
    expect(await page.locator(`main img[srcset*="${slug}-"]`).count()).toBeGreaterThanOrEqual(2);
    expect(problems).toEqual([]);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an editor schedules a draft: the notice says when, and readers do not see it before', async ({ page, request }) => {
    await writeDraft(page, false, `${Date.now()}`);
    await page.getByLabel('Agendar para (horário de Brasília)').fill('2030-11-28T09:00');
    await page.getByRole('button', { name: 'Agendar' }).click();
    const notice = page.locator('.nr-publish .nr-notice');
    await expect(notice).toContainText('Agendado para 28/11/2030 às 09:00 (horário de Brasília)');
    await expect(page.locator('.nr-publish-state')).toContainText('Agendado para 28/11/2030 às 09:00');
    await page.locator('.nr-publish').screenshot({ path: 'test-results/newsroom-schedule-1280.png' });
    const address = await notice.getByRole('link').getAttribute('href');
    expect((await request.get(address!)).status()).toBe(404);
  });

  test('an editor corrects a published article, readers see the note, then unpublishes it from No ar', async ({ page, request }) => {
    const title = await writeDraft(page, false, `${Date.now()}`);
    await page.getByRole('button', { name: 'Publicar', exact: true }).click();
    const notice = page.locator('.nr-publish .nr-notice');
    await expect(notice).toContainText('Publicado em /noticia/');
    const address = (await notice.getByRole('link').getAttribute('href'))!;

    const note = 'Uma versão anterior dizia que o seguro custa o mesmo; ele custa um pouco mais, segundo corretores.';
    // The publishing panel's note (the form has the field too, for editing it later).
    await page.locator('#corrigir-nota').fill(note);
    await page.getByRole('button', { name: 'Publicar correção' }).click();
    await expect(notice).toBeVisible();
    const article = await request.get(address);
    expect(article.status()).toBe(200);
    expect(await article.text()).toContain(note);

    await page.goto('/redacao/no-ar');
    await page.getByRole('listitem').filter({ hasText: title }).getByRole('link', { name: 'Despublicar…' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Despublicar "${title}"?`);
    await page.getByRole('button', { name: 'Despublicar', exact: true }).click();
    await expect(page.locator('main')).toContainText(`"${title}" foi despublicado`);
    await expect(page.locator('main')).toContainText(`redacao@localhost despublicou ${title}`);
    expect((await request.get(address)).status()).toBe(404);
  });
});
