import { chromium } from 'playwright';

const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const [u, w, sel, out] = process.argv.slice(2);
const p = await b.newPage({ viewport: { width: Number(w), height: 1000 }, javaScriptEnabled: false });
await p.goto('http://localhost:8832' + u);
const el = p.locator(sel).first();
await el.scrollIntoViewIfNeeded();
await p.waitForTimeout(300);
await el.evaluate((n) => n.closest('p').previousElementSibling?.scrollIntoView());
await p.screenshot({ path: out });
await b.close();
