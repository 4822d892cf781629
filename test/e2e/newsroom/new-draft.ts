import { expect, type Page } from '@playwright/test';

/**
 * Starts a draft from the drafts list, as a journalist does ("Novo rascunho",
 * tapped on a phone, clicked on a desktop), gives it a title, and waits for
 * the rich text editor. The editor, the Markdown field it keeps in step and
 * the save state.
 */
export async function newDraft(page: Page, title: string, { tap }: { tap: boolean }) {
  await page.goto('/redacao');
  const start = page.getByRole('button', { name: 'Novo rascunho' });
  await (tap ? start.tap() : start.click());
  await expect(page).toHaveURL(/\/redacao\/rascunhos\/[0-9a-f-]{36}$/);
  await page.getByLabel('Título', { exact: true }).fill(title);
  // The rich text editor, not the Markdown textarea it replaces (named the same): a locator that found the
  // textarea before the editor's script ran would keep acting on it, hidden from then on.
  const editor = page.getByRole('textbox', { name: 'Texto', exact: true }).and(page.locator('[contenteditable="true"]'));
  await expect(editor).toBeVisible();
  return { editor, markdown: page.locator('#campo-corpo'), saved: page.locator('[data-save-state]') };
}
