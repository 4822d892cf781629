import { chromium } from '@playwright/test';
const [,, base, width, path, ...offsets] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 800 } });
await page.goto(base + path, { waitUntil: 'networkidle' });
await page.evaluate(() => document.querySelectorAll('[class*=consent], #consent, .cookie-banner').forEach((e) => e.remove()));
for (const y of offsets) {
  await page.evaluate((y) => window.scrollTo(0, Number(y)), y);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shots/seg-${width}-${y}.png` });
}
await browser.close();
