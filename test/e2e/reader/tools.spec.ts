import { expect, type Page, test } from '@playwright/test';

/**
 * A reader on a phone with JavaScript off goes from an article to "Alugar ou
 * comprar?", to "Quanto custa comprar?", to the simulator and back to an
 * article, through tool cards and the tools' own links: every step a link or
 * a GET form, every result rendered on the server. The figures are checked in
 * test/worker/pages/tools.test.ts; here: the forms work in a real browser and
 * every page fits a 375 px screen.
 */

test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

/** Nothing on the page scrolls sideways, and no table needs its own scrollbar. */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const overflowing = await page.evaluate(
    () =>
      [...document.querySelectorAll('.sim-table-box')].filter((box) => box.scrollWidth > box.clientWidth && box.getClientRects().length > 0)
        .length,
  );
  expect(overflowing).toBe(0);
}

test('from an article to rent or buy, to the costs of buying, to the simulator and back to an article', async ({ page }) => {
  await page.goto('/noticia/aluguel-ou-compra-o-que-vale-mais-a-pena');
  // The card carries the article's example: the comparison opens already made.
  await page.getByRole('link', { name: /Ferramenta: Alugar ou comprar\?/ }).click();
  await expect(page).toHaveURL(/\/alugar-ou-comprar\?valor=400000&aluguel=2000/);
  await expect(page.getByRole('heading', { name: 'Resultado da comparação' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Patrimônio de quem compra e de quem aluga/ })).toBeVisible();
  await expect(page.locator('table.aoc-years tbody tr')).toHaveCount(20);
  await fitsTheScreen(page);

  // The reader changes the rent and compares again.
  const form = page.getByRole('form', { name: 'Dados da comparação' });
  await form.getByLabel('Aluguel de um imóvel igual (R$ por mês)').fill('R$ 3 mil');
  await form.getByRole('button', { name: 'Comparar' }).click();
  await expect(page).toHaveURL(/aluguel=R%24\+3\+mil/);
  await expect(page.locator('.aoc-verdict')).toContainText(/Em 20 anos, (comprar|alugar) deixa mais patrimônio/);
  await fitsTheScreen(page);

  // On to the costs of buying, from the tools' own links.
  await page.getByRole('navigation', { name: 'Outras ferramentas' }).getByRole('link', { name: 'Quanto custa comprar?' }).click();
  const costs = page.getByRole('form', { name: 'Dados da compra' });
  await costs.getByLabel('Valor do imóvel (R$)').fill('500.000');
  await costs.getByLabel('Valor financiado (R$)').fill('400.000');
  await costs.getByLabel('Cidade do imóvel').selectOption({ label: 'Curitiba (PR)' });
  await costs.getByRole('button', { name: 'Calcular' }).click();
  await expect(page).toHaveURL(/cidade=curitiba/);
  await expect(page.locator('.cdc-line').first()).toContainText('2,7% × R$ 500.000,00');
  await expect(page.locator('.cdc-total')).toContainText('R$ 23.000,00');
  await fitsTheScreen(page);

  // The simulator, then back to an article through its explainer link.
  await page.getByRole('navigation', { name: 'Outras ferramentas' }).getByRole('link', { name: 'Simulador de financiamento' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simulador de financiamento imobiliário');
  await page.getByRole('link', { name: /SAC ou Price, qual tabela escolher/ }).click();
  await expect(page).toHaveURL(/\/noticia\/financiamento-imobiliario-sac-ou-price$/);
  await expect(page.getByRole('link', { name: /Ferramenta: Simulador de financiamento/ })).toBeVisible();
  await fitsTheScreen(page);
});

test('refused input comes back as the form with the messages, in each tool', async ({ page }) => {
  for (const [path, submit, field, wrong] of [
    ['/alugar-ou-comprar', 'Comparar', 'Aluguel de um imóvel igual (R$ por mês)', 'caro'],
    ['/custos-da-compra', 'Calcular', 'Valor financiado (R$)', '-1'],
  ] as const) {
    await page.goto(path);
    await fitsTheScreen(page);
    await page.getByLabel(field).fill(wrong);
    await page.getByRole('button', { name: submit }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByLabel(field)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(field)).toHaveValue(wrong);
    await fitsTheScreen(page);
  }
});
