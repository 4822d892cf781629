/**
 * `npm run bench`: speed, measured (never asserted with timers in tests).
 * Offline, on this machine; prints one table and writes bench/RESULTS.md.
 *
 * 1. CPU per uncached render of the worker bundled as wrangler bundles it, in
 *    workerd and in Node: home, an article, a static page, at 20 and 100,000
 *    articles; median and p95 of warm renders, and cold isolates (the first
 *    request of a fresh process).
 * 2. Throughput and latency (autocannon, loopback, 3 rounds of 6 s) of wrangler
 *    dev: a cached page (edge cache on), an uncached page (edge cache off), a
 *    static asset and the cheapest worker request, in the same run, with the
 *    ratios to the static asset.
 * 3. Bytes (gzip) of HTML, CSS and JS, first visit and returning reader.
 * 4. Lighthouse mobile performance, LCP, CLS, TBT for home and an article, at
 *    CPU slowdown 1× and the default 4×, median of 3 runs.
 *
 * BENCH_QUICK=1 shortens every part, BENCH_ONLY=cpu|served runs some of them
 * (for trying the script, not for results: neither writes bench/RESULTS.md).
 */

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_FLAGS, CHROME_PATH } from '../audit/site-server.ts';
import { articleOf, fakeEnv, generatedStore } from './fake-env.ts';
import { bundleWorker } from './worker-bundle.ts';
import { measuredRequest, startWorkerd, writeStore } from './workerd-host.ts';

const QUICK = process.env.BENCH_QUICK === '1';
/** BENCH_ONLY=cpu runs part 1 alone, BENCH_ONLY=served parts 2 to 4 (for working on one; results need both). */
const ONLY = process.env.BENCH_ONLY;
const WARM_RUNS = QUICK ? 50 : 400;
const COLD_RUNS = QUICK ? 3 : 10;
const LOAD_SECONDS = QUICK ? 3 : 6;
const LIGHTHOUSE_RUNS = QUICK ? 1 : 3;
const SCALES = [20, 100_000];

const median = (values: number[]) => quantile(values, 0.5);
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
const ms = (micros: number) => (micros / 1000).toFixed(2);
const lines: string[] = [];
const out = (line = '') => {
  console.log(line);
  lines.push(line);
};
function table(header: string[], rows: string[][]): void {
  out(`| ${header.join(' | ')} |`);
  out(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) out(`| ${row.join(' | ')} |`);
  out();
}

const PAGES = (count: number) =>
  [
    ['home', '/'],
    ['article', articleOf(count)],
    ['static page', '/politica-de-privacidade'],
    // No content read, no React: what any request costs here before its page does.
    ['floor: /robots.txt', '/robots.txt'],
  ] as const;
let workerdPort = 9400;

/** CPU of the worker in workerd (the edge's runtime): warm renders, and first requests of fresh processes. */
async function workerdCpu(storeDir: string, path: string) {
  const host = await startWorkerd(workerdPort++, storeDir);
  for (let i = 0; i < 50; i++) await measuredRequest(host, path); // past V8's tiering
  const warm: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await measuredRequest(host, path));
  host.stop();
  const cold: number[] = [];
  const startup: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const fresh = await startWorkerd(workerdPort++, storeDir);
    startup.push(fresh.startupNanos / 1000);
    cold.push(await measuredRequest(fresh, path));
    fresh.stop();
  }
  return { warm, cold, startup };
}

/** CPU of the same bundle in Node, main thread only: warm renders, and first requests of fresh processes. */
async function nodeCpu(
  worker: { fetch: (request: Request, env: unknown, ctx: unknown) => Promise<Response> },
  env: unknown,
  count: number,
  path: string,
) {
  const ctx = { waitUntil() {}, passThroughOnException() {} };
  const render = async () => {
    const response: Response = await worker.fetch(new Request(`https://casaempauta.com.br${path}`), env, ctx);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return response.arrayBuffer();
  };
  await render(); // the list is parsed once per isolate: measure the renders after it
  const warm: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) {
    const before = process.threadCpuUsage();
    await render();
    const used = process.threadCpuUsage(before);
    warm.push(used.user + used.system);
  }
  const cold = Array.from({ length: COLD_RUNS }, () => {
    const output = execFileSync('tsx', ['scripts/bench/cold-render.ts', String(count), path], { encoding: 'utf8' });
    return JSON.parse(output) as { loadMicros: number; cpuMicros: number; heapBytes: number };
  });
  return { warm, cold };
}

async function renderCpu(): Promise<void> {
  const bundle = await bundleWorker();
  const rows: string[][] = [];
  const startups: number[] = [];
  for (const count of SCALES) {
    const store = generatedStore(count);
    const storeDir = `.bench/store-${count}`;
    writeStore(store, storeDir);
    // A fresh module instance per scale: one isolate keeps its parsed list.
    const worker = (await import(`${pathToFileURL(bundle).href}?articles=${count}`)).default;
    const env = fakeEnv(store);
    for (const [page, path] of PAGES(count)) {
      const edge = await workerdCpu(storeDir, path);
      startups.push(...edge.startup);
      const node = await nodeCpu(worker, env, count, path);
      rows.push([
        page,
        count.toLocaleString('en'),
        ms(median(edge.warm)),
        ms(quantile(edge.warm, 0.95)),
        ms(median(edge.cold)),
        ms(Math.max(...edge.cold)),
        ms(median(node.warm)),
        ms(quantile(node.warm, 0.95)),
        ms(median(node.cold.map((c) => c.cpuMicros))),
        (median(node.cold.map((c) => c.heapBytes)) / 1024 / 1024).toFixed(1),
      ]);
    }
  }
  out('### CPU per uncached render (ms)');
  out(
    `The worker bundled like wrangler bundles it, run two ways. **workerd** (${workerdVersion().trim()}, the edge's runtime): the CPU time of all its threads across each request, from /proc (so HTTP parsing and the stand-in store's reads count too: a little more than Workers bill); warm: ${WARM_RUNS} requests after 50, cold: the first request of ${COLD_RUNS} fresh processes, after start-up (workerd's set-up, the script's load and its warm-up, src/warm-up.ts: median ${ms(median(startups))} ms, which Workers run before the first request). **Node** ${process.version}: main-thread CPU (\`process.threadCpuUsage\`); the article sanitizer runs in both; cold: fresh processes, heap growth of the first request included.`,
  );
  out();
  table(
    [
      'page',
      'articles',
      'workerd warm median',
      'workerd warm p95',
      'workerd cold 1st request median',
      'workerd cold max',
      'Node warm median',
      'Node warm p95',
      'Node cold 1st request median',
      'Node cold heap growth MB',
    ],
    rows,
  );
}

function workerdVersion(): string {
  return execFileSync('node_modules/.bin/workerd', ['--version'], { encoding: 'utf8' });
}

function startWorker(port: number, edgeCache: 'on' | 'off'): ChildProcess {
  return spawn(
    'wrangler',
    [
      'dev',
      '--port',
      String(port),
      '--inspector-port',
      String(port + 1000),
      '--persist-to',
      `.wrangler/bench-${port}`,
      '--var',
      `EDGE_CACHE:${edgeCache}`,
    ],
    { stdio: 'ignore', detached: true, env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
  );
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not come up`);
}

const LOAD_ROUNDS = QUICK ? 1 : 3;

async function load(url: string) {
  const result = await autocannon({ url, connections: 10, duration: LOAD_SECONDS });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

// Not 8787/8797: 8787 is `wrangler dev`'s default, used by the e2e tests and the
// audit; the bench must never meet them. Inspectors at port + 1000.
const CACHED_PORT = 8887;
const UNCACHED_PORT = 8897;
const CACHED = `http://localhost:${CACHED_PORT}`;
const UNCACHED = `http://localhost:${UNCACHED_PORT}`;

async function throughputAndLighthouse(): Promise<void> {
  const cached = startWorker(CACHED_PORT, 'on');
  const uncached = startWorker(UNCACHED_PORT, 'off');
  try {
    await Promise.all([waitFor(`${CACHED}/`), waitFor(`${UNCACHED}/`)]);
    const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
    const css = `/${manifest['client/styles.css']!.file}`;
    await fetch(`${CACHED}/sobre`); // fill the edge cache
    const targets = {
      'static asset (CSS)': `${CACHED}${css}`,
      'cached HTML (edge cache on)': `${CACHED}/sobre`,
      'uncached HTML (edge cache off)': `${UNCACHED}/sobre`,
      'worker floor (/robots.txt, uncached: no I/O, every middleware)': `${UNCACHED}/robots.txt`,
    };
    // Rounds, each target in turn: the machine's load drifts, and each ratio
    // compares runs made side by side. Medians over the rounds.
    const runs = new Map<string, Awaited<ReturnType<typeof load>>[]>();
    for (let round = 0; round < LOAD_ROUNDS; round++) {
      for (const [name, url] of Object.entries(targets)) runs.set(name, [...(runs.get(name) ?? []), await load(url)]);
    }
    const summary = (name: string) => {
      const results = runs.get(name)!;
      return {
        rps: median(results.map((r) => r.rps)),
        p50: median(results.map((r) => r.p50)),
        p99: median(results.map((r) => r.p99)),
        errors: results.reduce((sum, r) => sum + r.errors, 0),
      };
    };
    const staticRps = summary('static asset (CSS)').rps;
    out('### Throughput and latency (wrangler dev, loopback)');
    out(
      `autocannon, 10 connections, ${LOAD_ROUNDS} rounds of ${LOAD_SECONDS} s per target, the targets in turn within each round; medians over the rounds. The page is /sobre. The worker floor is the cheapest request that runs the worker at all: what any HTML, cached or not, can reach here.`,
    );
    out();
    table(
      ['target', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'ratio to static', 'req/s per round'],
      Object.keys(targets).map((name) => {
        const r = summary(name);
        return [
          name,
          r.rps.toFixed(0),
          String(r.p50),
          String(r.p99),
          String(r.errors),
          (r.rps / staticRps).toFixed(2),
          runs
            .get(name)!
            .map((x) => x.rps.toFixed(0))
            .join(', '),
        ];
      }),
    );

    await bytes(CACHED, manifest);
    await lighthouseRuns(UNCACHED);
  } finally {
    for (const child of [cached, uncached]) process.kill(-child.pid!, 'SIGTERM');
  }
}

async function bytes(base: string, manifest: Record<string, { file: string; dynamicImports?: string[] }>): Promise<void> {
  const gz = (data: Buffer | string) => gzipSync(data, { level: 9 }).byteLength;
  const file = (key: string) => readFileSync(`dist/${manifest[key]!.file}`);
  const boot = gz(file('client/boot.ts'));
  const island = (manifest['client/boot.ts']!.dynamicImports ?? []).reduce((sum, key) => sum + gz(file(key)), 0);
  const css = gz(file('client/styles.css'));
  const rows: string[][] = [];
  for (const [page, path] of [
    ['home', '/'],
    ['article', '/noticia/como-decorar-apartamentos-pequenos'],
  ] as const) {
    const html = gz(await (await fetch(`${base}${path}`)).text());
    rows.push([page, 'first visit', String(html), String(css), String(boot + island), String(html + css + boot + island)]);
    rows.push([page, 'returning reader', String(html), '0 (cached)', '0 (cached)', String(html)]);
    rows.push([page, 'new page, choice stored', String(html), '0 (cached)', `${boot} (boot only, if not cached)`, String(html + boot)]);
  }
  out('### Bytes (gzip -9)');
  out('Images are not counted. A returning reader has the hashed CSS and JS cached (immutable).');
  out();
  table(['page', 'visit', 'HTML', 'CSS', 'JS', 'total'], rows);
}

async function lighthouseRuns(base: string): Promise<void> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const rows: string[][] = [];
  try {
    for (const [page, path] of [
      ['home', '/'],
      ['article', '/noticia/como-decorar-apartamentos-pequenos'],
    ] as const) {
      for (const slowdown of [1, 4]) {
        const samples: { score: number; lcp: number; cls: number; tbt: number }[] = [];
        let failed = 0;
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
          const result = await lighthouse(
            `${base}${path}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
            { extends: 'lighthouse:default', settings: { throttling: { cpuSlowdownMultiplier: slowdown } } },
          );
          const { categories, audits, runtimeError } = result!.lhr;
          // A run Lighthouse could not finish (it scores 0) is counted apart, not averaged in.
          if (runtimeError || categories.performance?.score == null) {
            failed++;
            continue;
          }
          samples.push({
            score: Math.round((categories.performance?.score ?? 0) * 100),
            lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
            cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
            tbt: audits['total-blocking-time']?.numericValue ?? NaN,
          });
        }
        rows.push([
          page,
          `${slowdown}×${slowdown === 4 ? ' (default)' : ''}`,
          String(median(samples.map((s) => s.score))),
          (median(samples.map((s) => s.lcp)) / 1000).toFixed(2),
          median(samples.map((s) => s.cls)).toFixed(3),
          median(samples.map((s) => s.tbt)).toFixed(0),
          [...samples.map((s) => String(s.score)), ...Array<string>(failed).fill('failed run')].join(', '),
        ]);
      }
    }
  } finally {
    chrome.kill();
  }
  out('### Lighthouse, mobile (uncached worker, first visit with the cookie banner)');
  out(`Median of ${LIGHTHOUSE_RUNS} runs; simulated throttling (slow 4G), CPU slowdown as shown.`);
  out();
  table(['page', 'CPU slowdown', 'performance', 'LCP s', 'CLS', 'TBT ms', 'all scores'], rows);
}

async function main(): Promise<void> {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  out(`# Benchmark results`);
  out();
  out(
    `${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.${QUICK ? ' QUICK RUN: not for comparison.' : ''}`,
  );
  out();
  if (ONLY !== 'served') await renderCpu();
  if (ONLY !== 'cpu') await throughputAndLighthouse();
  // A trial run (quick, or only one half) never replaces the recorded results.
  if (QUICK || ONLY) return;
  mkdirSync('bench', { recursive: true });
  writeFileSync('bench/RESULTS.md', `${lines.join('\n')}\n`);
  console.log('Written to bench/RESULTS.md');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
