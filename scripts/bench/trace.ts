/**
 * Where a first visit's main thread goes: a Chrome trace of one load of each
 * page at 4× CPU slowdown (as Lighthouse mobile), summed by kind of work and
 * with every task of 50 ms or more broken down. Finds causes; the bench
 * (lighthouse-compare.ts) measures the outcome.
 *
 *   PORT=8798 npx tsx scripts/bench/trace.ts [path…]   (the site of `npm start`)
 *
 * Durations are the trace's own, so they include the 4× slowdown.
 */
import { type Browser, chromium } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH } from '../chromium.ts';
import { SIMULATION_30_YEARS } from '../lib/tool-results.ts';
import { LOCAL_SITE_URL } from '../local-site.ts';
import { ARTICLE } from './common/report.ts';

/** The page kinds of docs/speed.md, by path. */
export const TRACED_PAGES: [name: string, path: string][] = [
  ['home', '/'],
  ['article', ARTICLE],
  ['theme', '/tema/financiamento'],
  ['search', '/busca?q=apartamento'],
  ['simulator, empty', '/simulador-de-financiamento'],
  ['simulator, 30-year result', SIMULATION_30_YEARS],
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { beginData?: { url?: string }; data?: { url?: string; functionName?: string; lineNumber?: number } };
}

/** Trace event names, grouped as the docs speak of them. */
const KINDS: Record<string, string> = {
  UpdateLayoutTree: 'style recalculation',
  Layout: 'layout',
  ParseHTML: 'HTML parse',
  ParseAuthorStyleSheet: 'CSS parse',
  EvaluateScript: 'script',
  FunctionCall: 'script',
  'v8.compile': 'script compile',
  Paint: 'paint',
  PrePaint: 'pre-paint',
  Layerize: 'layerize',
  'Decode Image': 'image decode',
  ImageDecodeTask: 'image decode',
  FireAnimationFrame: 'animation frame callbacks',
  HitTest: 'hit test',
};

export interface PageTrace {
  elements: number;
  /** Milliseconds of each kind of work on the main thread (nested kinds counted in each). */
  totals: Record<string, number>;
  /** Tasks of 50 ms or more: their duration and the kinds of work inside them. */
  longTasks: { ms: number; inside: Record<string, number> }[];
  /** Layouts and style recalculations that a script forced (run inside a script's call). */
  forced: { kind: string; ms: number; in: string }[];
}

/** A script is the site's (its page or files) or another's (the test driver's, an extension's). */
function kindOf(event: TraceEvent, url: string): string | undefined {
  const kind = KINDS[event.name];
  if (kind !== 'script') return kind;
  const source = event.args?.data?.url ?? '';
  return source.startsWith(new URL(url).origin) ? 'script' : 'script (not the site’s)';
}

const within = (outer: TraceEvent, inner: TraceEvent) => inner.ts >= outer.ts && inner.ts + (inner.dur ?? 0) <= outer.ts + (outer.dur ?? 0);

/** Sums a trace of one load into kinds of work, long tasks and forced layouts. */
export function summarizeTrace(events: TraceEvent[], url: string, elements: number): PageTrace {
  // The renderer's main thread is the one that parsed the page (not the blank page before it).
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url);
  if (!parse) throw new Error(`the trace holds no parse of ${url}`);
  const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X' && e.dur !== undefined);
  const totals: Record<string, number> = {};
  for (const event of main) {
    const kind = kindOf(event, url);
    if (kind) totals[kind] = (totals[kind] ?? 0) + event.dur! / 1000;
  }
  const longTasks = main
    .filter((e) => e.name === 'RunTask' && e.dur! >= 50_000)
    .map((task) => {
      const inside: Record<string, number> = {};
      for (const event of main) {
        const kind = kindOf(event, url);
        if (kind && within(task, event)) inside[kind] = (inside[kind] ?? 0) + event.dur! / 1000;
      }
      return { ms: task.dur! / 1000, inside };
    });
  const scripts = main.filter((e) => ['EvaluateScript', 'FunctionCall', 'FireAnimationFrame', 'TimerFire'].includes(e.name));
  const forced = main
    .filter((e) => e.name === 'Layout' || e.name === 'UpdateLayoutTree')
    .flatMap((e) => {
      // The innermost script around it names the function and file that asked.
      const callers = scripts.filter((s) => within(s, e));
      if (callers.length === 0) return [];
      const named = callers.findLast((c) => c.args?.data?.url);
      const where = named
        ? ` (${named.args!.data!.functionName || 'anonymous'}, ${named.args!.data!.url!.split('/').pop()}:${named.args!.data!.lineNumber ?? '?'})`
        : '';
      return [{ kind: KINDS[e.name]!, ms: e.dur! / 1000, in: `${callers[0]!.name}${where}` }];
    });
  return { elements, totals, longTasks, forced };
}

/** One first visit of `url` (fresh context, phone-sized viewport) at 4× CPU, traced. */
export async function tracePage(browser: Browser, url: string): Promise<PageTrace> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'loading'],
  });
  await page.goto(url, { waitUntil: 'load' });
  // The bootstrap is asked for after the largest paint (shared/inline-scripts.ts): wait for it and what it starts.
  // Polled on a timer: Playwright's default polls in animation frames, which the trace would count.
  await page.waitForFunction(() => 'bootReady' in document.documentElement.dataset, undefined, { timeout: 30_000, polling: 200 });
  await page.waitForTimeout(1500);
  const buffer = await browser.stopTracing();
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  await context.close();
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  return summarizeTrace(traceEvents, url, elements);
}

const round = (record: Record<string, number>) =>
  Object.entries(record)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`)
    .join(', ');

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const pages = wanted.length > 0 ? wanted.map((path) => [path, path] as [string, string]) : TRACED_PAGES;
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    for (const [name, path] of pages) {
      const trace = await tracePage(browser, `${LOCAL_SITE_URL}${path}`);
      console.log(`\n## ${name} (${trace.elements} elements)`);
      console.log(`totals ms: ${round(trace.totals)}`);
      for (const task of trace.longTasks) console.log(`long task ${task.ms.toFixed(0)} ms: ${round(task.inside)}`);
      const forced = trace.forced.filter((f) => f.ms >= 1);
      for (const f of forced) console.log(`forced ${f.kind} ${f.ms.toFixed(1)} ms in ${f.in}`);
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
