import { expect, type Page, test } from '@playwright/test';

/**
 * A reader simulates a mortgage at phone and desktop widths, with JavaScript
 * off (the page has no script of its own: the form is a plain GET form and
 * the results are rendered on the server) and on. The figures themselves are
 * checked in test/worker/pages/simulator.test.ts; here: the form works in a real
 * browser, the results show, and the page and its tables fit a 375 px screen.
 */

const PATH = '/simulador-de-financiamento';

async function simulate(page: Page) {
  await page.goto(PATH);
  const form = page.getByRole('form', { name: 'Dados do financiamento' });
  await form.getByLabel('Valor do imóvel (R$)').fill('R$ 450 mil');
  await form.getByLabel('Entrada (R$)').fill('90.000');
  await form.getByLabel('Taxa de juros (% ao ano)').fill('10,5');
  await form.getByLabel('Prazo', { exact: true }).fill('30');
  await form.getByLabel('Unidade do prazo').selectOption('anos');
  await form.getByLabel('Comparar SAC e Price').check();
  await form.getByRole('button', { name: 'Simular' }).click();
  await expect(page).toHaveURL(/valor=R%24\+450\+mil&entrada=90.000&juros=10%2C5&prazo=30&unidade=anos&sistema=ambos/);
  await expect(page.getByRole('heading', { name: 'Resultado da simulação' })).toBeVisible();
}

/** Nothing on the page scrolls sideways, and no table needs its own scrollbar. */
async function fitsTheScreen(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const overflowing = await page.evaluate(
    () =>
      [...document.querySelectorAll('.sim-table-box')].filter((box) => box.scrollWidth > box.clientWidth && box.getClientRects().length > 0)
        .length,
  );
  expect(overflowing).toBe(0);
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    for (const width of [375, 1280]) {
      test(`at ${width} px: the form answers with SAC and Price, the chart and every month, all on screen`, async ({
        page,
        context,
        baseURL,
      }) => {
        // A stored choice keeps the cookie banner closed (with JavaScript on it would open over the form).
        await context.addCookies([{ name: 'cookieconsent_status', value: 'deny', url: baseURL! }]);
        await page.setViewportSize({ width, height: 900 });
        await simulate(page);
        const compare = page.getByRole('table', { name: /SAC e Price lado a lado/ });
        await expect(compare.getByRole('row', { name: /1ª parcela/ }).getByRole('cell')).toHaveText([
          /^\d{1,3}(\.\d{3})*,\d{2}$/,
          /^\d{1,3}(\.\d{3})*,\d{2}$/,
        ]);
        await expect(compare.getByRole('columnheader')).toHaveText(['SAC', 'Price']);
        await expect(page.getByRole('img', { name: /Saldo devedor ao longo do tempo/ })).toBeVisible();
        const firstYear = page.getByRole('table', { name: 'SAC, primeiro ano (valores em R$)' });
        await expect(firstYear.getByRole('row')).toHaveCount(13);
        // Readable: the figures keep a legible size on a phone.
        const fontSize = await firstYear
          .locator('td')
          .first()
          .evaluate((cell) => Number.parseFloat(getComputedStyle(cell).fontSize));
        expect(fontSize).toBeGreaterThanOrEqual(13);
        // A later year's link opens the same simulation on its twelve months, scrolled to them, with no script.
        await expect(page.getByRole('table', { name: 'Price, ano a ano (valores em R$)' }).getByRole('row')).toHaveCount(1 + 29);
        await page.getByRole('link', { name: 'Ver os 12 meses do ano 7 na tabela Price' }).click();
        await expect(page).toHaveURL(/\?valor=450000&entrada=90000&juros=10\.5&prazo=30&unidade=anos&sistema=ambos&ano=7#price-ano-7$/);
        const seventhYear = page.getByRole('table', { name: 'Price, ano 7 (valores em R$)' });
        await expect(seventhYear.getByRole('row')).toHaveCount(13);
        await expect(seventhYear.getByRole('rowheader').first()).toHaveText('73');
        await expect(seventhYear).toBeInViewport();
        await expect(page.getByRole('link', { name: 'Ver os 12 meses do ano 8 na tabela Price' })).toBeVisible();
        await fitsTheScreen(page, width);
      });
    }

    test('a value it cannot read comes back with its message, and the corrected form answers', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 900 });
      await page.goto(PATH);
      const valor = page.getByLabel('Valor do imóvel (R$)');
      await valor.fill('quinhentos mil');
      await page.getByRole('button', { name: 'Simular' }).click();
      await expect(page.getByRole('heading', { name: 'Confira os dados da simulação' })).toBeVisible();
      await expect(valor).toHaveAttribute('aria-invalid', 'true');
      await expect(valor).toHaveAccessibleDescription(/Não entendemos este número/);
      await fitsTheScreen(page, 375);
      await valor.fill('500.000');
      await page.getByRole('button', { name: 'Simular' }).click();
      await expect(page.getByRole('heading', { name: 'Resultado da simulação' })).toBeVisible();
    });
  });
}
