/**
 * Lighthouse mobile (simulated slow 4G) on a page, repeated, with the LCP
 * element of each run. Two visits:
 * - first visit: storage and cache cleared (Lighthouse's default), so the
 *   cookie banner shows and every file is fetched;
 * - returning reader: a consent choice stored as a cookie (no banner) and the
 *   hashed CSS and JS already in the browser's cache from the run before.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CONSENT_COOKIE } from '../../shared/consent-cookie.ts';
import { CHROME_FLAGS, CHROME_PATH } from '../audit/site-server.ts';

export type Visit = 'first visit' | 'returning reader';

export interface LighthouseSample {
  score: number;
  lcp: number;
  fcp: number;
  cls: number;
  tbt: number;
  /** What the LCP element was, in a few words (its tag and the start of its text or its image). */
  lcpElement: string;
}

/** A cookie set in the browser itself (document.cookie sees it), through the DevTools protocol. */
async function setCookie(port: number, url: string, name: string, value: string): Promise<void> {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((done, fail) => {
    socket.addEventListener('open', done, { once: true });
    socket.addEventListener('error', fail, { once: true });
  });
  const answered = new Promise((done) => socket.addEventListener('message', done, { once: true }));
  socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies: [{ name, value, url }] } }));
  await answered;
  socket.close();
}

/** "img /thumbnails/…-800w.avif", "p Usamos cookies…": enough to tell the banner from the hero. */
function describeLcpElement(details: unknown): string {
  // Lighthouse 13 names the element in its LCP breakdown: one item of the list is the node.
  const items = (details as { items?: { type?: string; nodeLabel?: string; snippet?: string }[] } | undefined)?.items ?? [];
  const node = items.find((item) => item.type === 'node');
  if (!node) return 'none';
  const tag = /^<([a-z0-9-]+)/i.exec(node.snippet ?? '')?.[1] ?? '?';
  const label = (node.nodeLabel ?? '').replace(/\s+/g, ' ').trim();
  return `${tag} "${label.length > 40 ? `${label.slice(0, 40)}…` : label}"`;
}

/**
 * Runs Lighthouse `runs` times on `url` for one visit kind and CPU slowdown.
 * A run Lighthouse could not finish (it scores 0) is counted apart, not averaged in.
 */
export async function lighthouseSamples(
  url: string,
  visit: Visit,
  slowdown: number,
  runs: number,
): Promise<{ samples: LighthouseSample[]; failed: number }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const samples: LighthouseSample[] = [];
  let failed = 0;
  try {
    const returning = visit === 'returning reader';
    if (returning) await setCookie(chrome.port, url, CONSENT_COOKIE, 'dismiss');
    const run = () =>
      lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: returning },
        { extends: 'lighthouse:default', settings: { throttling: { cpuSlowdownMultiplier: slowdown } } },
      );
    // A returning reader has been here before: one unmeasured visit fills the cache.
    if (returning) await run();
    for (let i = 0; i < runs; i++) {
      const result = await run();
      const { categories, audits, runtimeError } = result!.lhr;
      if (runtimeError || categories.performance?.score == null) {
        failed++;
        continue;
      }
      samples.push({
        score: Math.round((categories.performance.score ?? 0) * 100),
        lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
        lcpElement: describeLcpElement(audits['lcp-breakdown-insight']?.details),
      });
    }
  } finally {
    chrome.kill();
  }
  return { samples, failed };
}
