/**
 * Full-page screenshots of the main screens at phone, tablet and desktop widths,
 * for looking at what was built: `npm run screenshots` (needs `npm start` running;
 * `ONLY=simulator` for the simulator's pages alone).
 * Writes PNGs to screenshots/ (not committed).
 */

import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH } from './chromium.ts';
import { LOCAL_SITE_URL } from './local-site.ts';

const BASE = process.env.BASE_URL ?? LOCAL_SITE_URL;
const PAGES = {
  home: '/',
  article: '/noticia/como-decorar-apartamentos-pequenos',
  about: '/sobre',
  contact: '/contato',
  theme: '/tema/decoracao',
  author: '/autor/rafael-moreira',
  search: '/busca?q=decoracao',
  notfound: '/nao-existe',
  simulator: '/simulador-de-financiamento',
  'simulator-result': '/simulador-de-financiamento?valor=500000&entrada=100000&juros=11.5&prazo=30&unidade=anos&sistema=ambos',
  'simulator-error': '/simulador-de-financiamento?valor=abc&entrada=-5&juros=99&prazo=0&unidade=anos&sistema=ambos',
};
/** `ONLY=simulator` shoots only the pages whose names start with it. */
const ONLY = process.env.ONLY ?? '';
const WIDTHS = (process.env.WIDTHS ?? '375,800,1280').split(',').map(Number);

const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
mkdirSync('screenshots', { recursive: true });
for (const width of WIDTHS) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const [name, path] of Object.entries(PAGES).filter(([name]) => name.startsWith(ONLY))) {
    await page.goto(`${BASE}${path}`, { waitUntil: 'networkidle' });
    // Scroll through the page so lazy images load before the full-page shot.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        // 'instant': the site's CSS asks for smooth scrolling, which would still be moving at the shot.
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((resolve) => setTimeout(resolve, 120));
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
    });
    await page.waitForLoadState('networkidle');
    const file = `screenshots/${name}-${width}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL !== '0' });
    console.log(file);
  }
  await page.close();
}
await browser.close();
