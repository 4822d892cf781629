/**
 * Lighthouse mobile (simulated slow 4G) on a page's first visit, with the LCP
 * element of the run. The bench runs it on the site's pages and on control
 * pages in turn, round after round (lighthouse-compare.ts).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_FLAGS, CHROME_PATH } from '../../audit/site-server.ts';

export interface LighthouseSample {
  score: number;
  lcp: number;
  fcp: number;
  cls: number;
  tbt: number;
  /** What the LCP element was, in a few words (its tag and the start of its text or its image). */
  lcpElement: string;
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
 * One Lighthouse run (mobile, simulated slow 4G, CPU slowdown `slowdown`) of a
 * first visit to `url`, in a Chrome of its own: nothing cached, no consent
 * stored (the cookie banner shows), no font or style cache warm in the browser.
 * When Lighthouse could not finish (it scores 0), why: its error's code.
 */
export async function firstVisit(url: string, slowdown: number): Promise<LighthouseSample | { failed: string }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      { extends: 'lighthouse:default', settings: { throttling: { cpuSlowdownMultiplier: slowdown } } },
    );
    const { categories, audits, runtimeError } = result!.lhr;
    if (runtimeError || categories.performance?.score == null) return { failed: runtimeError?.code ?? 'no performance score' };
    return {
      score: Math.round((categories.performance.score ?? 0) * 100),
      lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      lcpElement: describeLcpElement(audits['lcp-breakdown-insight']?.details),
    };
  } finally {
    chrome.kill();
  }
}
