import { expect, type Page } from '@playwright/test';

/**
 * Opens a page and waits until the bootstrap has run. The page asks for it
 * only after its first paint (or its main image), so `goto` may return
 * before the menu and the banner's buttons answer.
 */
export async function gotoBooted(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-boot-ready', '');
}
