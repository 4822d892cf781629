import { expect, test } from '@playwright/test';

// `npm start` opens the newsroom as its development editor in every tab: one person on two devices.

test.use({ viewport: { width: 1280, height: 900 } });

test('two tabs save the same draft: the second is shown both versions, keeps its own, and the first stays in the revisions', async ({
  browser,
}) => {
  const first = await browser.newPage();
  await first.goto('/redacao');
  await first.getByRole('button', { name: 'Novo rascunho' }).click();
  await expect(first).toHaveURL(/\/redacao\/rascunhos\/[0-9a-f-]{36}$/);
  const draft = first.url();
  const saved = (page: typeof first) => expect(page.locator('[data-save-state]')).toContainText(/Versão \d+, salva em/);

  const second = await browser.newPage();
  await second.goto(draft);
  await expect(second.getByLabel('Título', { exact: true })).toBeVisible();

  // The first tab saves a title; the second, still at the version it opened, saves another.
  const theirs = 'Reforma de banheiro: o que trocar primeiro';
  const mine = 'Reforma de banheiro: por onde começar sem quebrar tudo';
  await first.getByLabel('Título', { exact: true }).fill(theirs);
  await saved(first);
  await second.getByLabel('Título', { exact: true }).fill(mine);

  // Its autosave is refused, and the page shows both versions, nothing merged.
  await expect(second.getByRole('heading', { level: 1 })).toHaveText('Este rascunho foi salvo em outra aba');
  const yours = second.locator('section', { has: second.getByRole('heading', { name: 'Sua versão (ainda não salva)' }) });
  const other = second.locator('section', { has: second.getByRole('heading', { name: /^Versão \d+, de / }) });
  await expect(yours).toContainText(mine);
  await expect(other).toContainText(theirs);

  await yours.getByRole('button', { name: 'Manter a minha versão' }).click();
  await expect(second.getByLabel('Título', { exact: true })).toHaveValue(mine);
  // Nothing lost: the other version is one of the draft's revisions.
  await second.goto(`${draft}/revisoes`);
  await expect(second.locator('main')).toContainText(theirs);
  await expect(second.locator('main')).toContainText(mine);
});
