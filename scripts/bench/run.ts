/**
 * `npm run bench`: speed, measured (never asserted with timers in tests).
 * Offline, on this machine; prints one table and writes bench/RESULTS.md.
 *
 * 1. CPU per uncached render of the worker bundled as wrangler bundles it, in
 *    workerd and in Node: home, an article, a static page, at 20 and 100,000
 *    articles; median and p95 of warm renders, and cold isolates (the first
 *    request of a fresh process).
 * 2. Search at 100,000 articles (search.ts).
 * 3. The served path (served.ts): the deploy bundle under wrangler dev, edge
 *    cache on and off, plus a no-op control worker sending the same bytes;
 *    autocannon in rounds on a static file, home, an article and /sobre cached
 *    and uncached, the worker floor and the control, each between two runs of
 *    the static file, with ratios to those static runs and the CPU per request of wrangler dev's processes; then a CPU
 *    profile of the worker serving each uncached page (profile.ts).
 * 4. Bytes (gzip) of HTML, CSS and JS, first visit and returning reader.
 * 5. Lighthouse mobile, first visit at 4× CPU, side by side
 *    (lighthouse-compare.ts): home, an article and a 30-year simulation, and
 *    two control pages, in turn, round after round; medians and worst runs,
 *    with the LCP element. Long tasks are measured here, never in tests.
 * 6. The costly bodies of the hostile corpus (hostile.ts): each as
 *    an article's body, workerd CPU per render and the time of content:check.
 * 7. `content:check` of one ordinary article folder, the whole command as an
 *    editor runs it (check-command.ts): wall and CPU time, with
 *    nothing published locally and after a local publish.
 * 8. The newsroom (newsroom.ts): the drafts list, a draft's page, an autosave,
 *    and publish → live through the newsroom's API (what `content:publish
 *    --remote` sends), with a reader's page as the control, in the same rounds.
 * 9. The speed targets beside this run's figures.
 *
 * BENCH_QUICK=1 shortens every part, BENCH_ONLY=cpu|search|served|lighthouse|hostile|check|newsroom runs one of
 * them (for trying the script, not for results: neither writes bench/RESULTS.md).
 */

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { benchCheckCommand } from './check-command.ts';
import { BENCH_DIST, snapshotDist } from './dist-snapshot.ts';
import { anotherArticleOf, articleOf, fakeEnv, generatedStore } from './fake-env.ts';
import { benchHostileBodies } from './hostile.ts';
import { compareFirstVisits, startControls } from './lighthouse-compare.ts';
import type { LighthouseSample } from './lighthouse-runs.ts';
import { benchNewsroom } from './newsroom.ts';
import { profilePaths } from './profile.ts';
import { benchSearch, searchTable } from './search.ts';
import {
  buildDeployBundle,
  DEPLOY_BUNDLE,
  type DevServer,
  type LoadResult,
  load,
  startWranglerDev,
  waitFor,
  writeMinimalWorker,
} from './served.ts';
import { bundleWorker } from './worker-bundle.ts';
import { measuredRequest, startWorkerd, writeStore } from './workerd-host.ts';

const QUICK = process.env.BENCH_QUICK === '1';
/** BENCH_ONLY=cpu runs part 1 alone, search part 2, served parts 3 to 5, lighthouse part 5, hostile part 6, check part 7 (for working on one; results need all). */
const ONLY = process.env.BENCH_ONLY;
const WARM_RUNS = QUICK ? 50 : 400;
const COLD_RUNS = QUICK ? 3 : 10;
const LOAD_SECONDS = QUICK ? 3 : 5;
const LIGHTHOUSE_ROUNDS = QUICK ? 1 : 5;
const LOAD_ROUNDS = QUICK ? 1 : 3;
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

/** The smallest archive with an "another each request" row: one where every request of the run can ask for an article not read before. */
const ANOTHER_ARTICLE_MIN = 10_000;

/** A page's path for the i-th request of a run: the same path each time, or another. */
type PathAt = (i: number) => string;

const PAGES = (count: number): [string, PathAt][] => [
  ['home', () => '/'],
  // The same article each time: the isolate then keeps its index entry and its body (src/content/index/index-reader.ts).
  ['article', () => articleOf(count)],
  // Another article each time, never read before by the isolate: its slug shard and body are read (only at 100,000: 20 articles are all kept).
  ...(count >= ANOTHER_ARTICLE_MIN
    ? [['article, another each request', (i: number) => anotherArticleOf(count, i)] as [string, PathAt]]
    : []),
  ['static page', () => '/politica-de-privacidade'],
  // No content read, no React: what any request costs here before its page does.
  ['floor: /robots.txt', () => '/robots.txt'],
];
let workerdPort = 9400;

/** CPU of the worker in workerd (the edge's runtime): warm renders, and first requests of fresh processes. */
async function workerdCpu(storeDir: string, pathAt: PathAt) {
  const host = await startWorkerd(workerdPort++, storeDir);
  let request = 0;
  for (let i = 0; i < 50; i++) await measuredRequest(host, pathAt(request++)); // past V8's tiering
  const warm: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await measuredRequest(host, pathAt(request++)));
  host.stop();
  const cold: number[] = [];
  const startup: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const fresh = await startWorkerd(workerdPort++, storeDir);
    startup.push(fresh.startupNanos / 1000);
    cold.push(await measuredRequest(fresh, pathAt(0)));
    fresh.stop();
  }
  return { warm, cold, startup };
}

/** CPU of the same bundle in Node, main thread only: warm renders, and first requests of fresh processes. */
async function nodeCpu(
  worker: { fetch: (request: Request, env: unknown, ctx: unknown) => Promise<Response> },
  env: unknown,
  count: number,
  pathAt: PathAt,
) {
  const ctx = { waitUntil() {}, passThroughOnException() {} };
  let request = 0;
  const render = async () => {
    const path = pathAt(request++);
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
    const output = execFileSync('tsx', ['scripts/bench/cold-render.ts', String(count), pathAt(0)], { encoding: 'utf8' });
    return JSON.parse(output) as { loadMicros: number; cpuMicros: number; heapBytes: number };
  });
  return { warm, cold };
}

async function renderCpu(): Promise<void> {
  const bundle = await bundleWorker(BENCH_DIST);
  const rows: string[][] = [];
  const startups: number[] = [];
  for (const count of SCALES) {
    const store = generatedStore(count);
    const storeDir = `.bench/store-${count}`;
    writeStore(store, storeDir);
    // A fresh module instance per scale: one isolate keeps its parsed list.
    const worker = (await import(`${pathToFileURL(bundle).href}?articles=${count}`)).default;
    const env = fakeEnv(store);
    for (const [page, pathAt] of PAGES(count)) {
      const edge = await workerdCpu(storeDir, pathAt);
      startups.push(...edge.startup);
      const node = await nodeCpu(worker, env, count, pathAt);
      if (page === 'home') figures.homeCpu.set(count, median(edge.warm) / 1000);
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
    `The worker bundled like wrangler bundles it, run two ways. **workerd** (${workerdVersion().trim()}, the edge's runtime): the CPU time of all its threads across each request, from /proc (so HTTP parsing, the stand-in store's reads and V8's background compiler and garbage-collector threads count too: more than Workers bill); warm: ${WARM_RUNS} requests after 50, cold: the first request of ${COLD_RUNS} fresh processes, after start-up (workerd's set-up, the script's load and its warm-up, src/warm-up.ts: median ${ms(median(startups))} ms, which Workers run before the first request). **Node** ${process.version}: main-thread CPU (\`process.threadCpuUsage\`); the article sanitizer runs in both; cold: fresh processes, heap growth of the first request included. "article" asks for the same article each time, whose index entry and body the isolate then keeps; "another each request" asks each time for one it has not read (its slug shard and body read and checked), as for an article whose entry the isolate does not keep.`,
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

// Not 8787/8797: 8787 is `wrangler dev`'s default, used by the e2e tests and the
// audit; the bench must never meet them. Inspectors at port + 1000.
const CACHED_PORT = 8887;
const UNCACHED_PORT = 8897;
/** The no-op control worker (served.ts, writeMinimalWorker). */
const CONTROL_PORT = 8907;
/** The Lighthouse part run alone (BENCH_ONLY=lighthouse), unless PORT names another. */
const LIGHTHOUSE_PORT = 8927;
const ARTICLE = '/noticia/como-decorar-apartamentos-pequenos';
const SERVED_PAGES = [
  ['home', '/'],
  ['article', ARTICLE],
  ['/sobre', '/sobre'],
] as const;
/** The control row the cached pages are compared with in the targets table. */
const CONTROL_HOME = 'control: a no-op worker sending the uncached home’s bytes';
const staticCopyName = (page: string) => `${page.replace(/\W/g, '') || 'page'}.html`;

/** Figures the targets table at the end checks, filled in as the parts run. */
const figures: {
  ratios: Map<string, number>;
  homeCpu: Map<number, number>;
  /** Lighthouse first visits at 4× of each page and control, by name. */
  lighthouse: Map<string, LighthouseSample[]>;
  /** The costly bodies: the largest median render CPU (ms) and check time (s), and whether every check reported. */
  hostile?: { renderMs: number; checkS: number; allReported: boolean };
  /** content:check of one ordinary folder, the whole command: the median wall time (s) of each state. */
  checkCommand?: Map<string, number>;
} = { ratios: new Map(), homeCpu: new Map(), lighthouse: new Map() };

/** Where the static copies of the served pages are written, inside the assets directory. */
const STATIC_COPIES = 'bench-static';

/** A group of load targets measured against one static file, each run between two runs of it. */
interface LoadGroup {
  comparator: [name: string, url: string, server: DevServer];
  targets: [name: string, url: string, server: DevServer][];
}

async function servedPath(script: string): Promise<void> {
  const uncached = startWranglerDev({ port: UNCACHED_PORT, script, vars: { EDGE_CACHE: 'off' } });
  let cached: DevServer | undefined;
  let control: DevServer | undefined;
  try {
    await waitFor(`${uncached.url}/`);
    // Each page's own bytes as a static file: what serving that page would cost
    // without a worker at all, the rate a page is compared with.
    const pages = new Map<string, { html: string; headers: [string, string][] }>();
    mkdirSync(`${BENCH_DIST}/${STATIC_COPIES}`, { recursive: true });
    for (const [page, path] of SERVED_PAGES) {
      const response = await fetch(`${uncached.url}${path}`, { headers: { 'Accept-Encoding': 'identity' } });
      const html = await response.text();
      pages.set(page, { html, headers: [...response.headers] });
      writeFileSync(`${BENCH_DIST}/${STATIC_COPIES}/${staticCopyName(page)}`, html);
    }
    // Started after the copies exist, so their asset servers list them.
    cached = startWranglerDev({ port: CACHED_PORT, script, vars: { EDGE_CACHE: 'on' } });
    // The control answers with the very bytes and headers of the uncached home.
    const home = pages.get('home')!;
    const minimal = writeMinimalWorker(home.html, home.headers);
    control = startWranglerDev({ port: CONTROL_PORT, ...minimal });
    await Promise.all([waitFor(`${cached.url}/`), waitFor(`${control.url}/`), waitFor(`${uncached.url}/`)]);
    const manifest = JSON.parse(readFileSync(`${BENCH_DIST}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
    const css = `/${manifest['client/styles.css']!.file}`;
    for (const [, path] of SERVED_PAGES) await fetch(`${cached.url}${path}`).then((r) => r.arrayBuffer()); // fill the caches
    const groups: LoadGroup[] = [
      ...SERVED_PAGES.map(([page, path]) => ({
        comparator: [
          `static copy of ${page} (the worker never runs)`,
          `${cached!.url}/${STATIC_COPIES}/${staticCopyName(page)}`,
          cached!,
        ] as LoadGroup['comparator'],
        targets: [
          [`cached ${page}`, `${cached!.url}${path}`, cached!],
          [`uncached ${page}`, `${uncached.url}${path}`, uncached],
          ...(page === 'home' ? [[CONTROL_HOME, `${control!.url}/`, control!] as LoadGroup['targets'][number]] : []),
        ] as LoadGroup['targets'],
      })),
      {
        comparator: ['static file: the stylesheet (the worker never runs)', `${cached.url}${css}`, cached],
        targets: [
          ['worker floor: /robots.txt, uncached', `${uncached.url}/robots.txt`, uncached],
          ['control: a no-op worker, empty 200', `${control.url}/empty`, control],
        ],
      },
    ];
    const targets = groups.flatMap((group) => [group.comparator, ...group.targets]);
    const comparatorOf = new Map(groups.flatMap((group) => group.targets.map(([name]) => [name, group.comparator[0]] as const)));
    const loadAt = loadavg()[0]!;
    // Rounds, each target in turn, each one run between two runs of its static
    // file: the machine's load drifts within a round as well as between
    // rounds, so a target's ratio is to the static rate measured just before
    // and just after it. Medians over the rounds.
    const runs = new Map<string, LoadResult[]>();
    const ratios = new Map<string, number[]>();
    const record = <T>(map: Map<string, T[]>, name: string, value: T) => map.set(name, [...(map.get(name) ?? []), value]);
    const measure = async ([name, url, server]: LoadGroup['comparator']) => {
      const result = await load(url, server, LOAD_SECONDS);
      record(runs, name, result);
      return result.rps;
    };
    for (let round = 0; round < LOAD_ROUNDS; round++) {
      for (const { comparator, targets: measured } of groups) {
        let before = await measure(comparator);
        for (const target of measured) {
          const rps = await measure(target);
          const after = await measure(comparator);
          record(ratios, target[0], rps / ((before + after) / 2));
          before = after;
        }
      }
    }
    const ratioOf = (name: string) => (ratios.has(name) ? median(ratios.get(name)!) : 1);
    const summary = (name: string) => {
      const results = runs.get(name)!;
      const mid = (pick: (r: LoadResult) => number) => median(results.map(pick));
      return {
        rps: mid((r) => r.rps),
        p50: mid((r) => r.p50),
        p99: mid((r) => r.p99),
        cpuAll: mid((r) => r.cpuAll),
        cpuWorker: mid((r) => r.cpuWorker),
        errors: results.reduce((sum, r) => sum + r.errors, 0),
      };
    };
    for (const [name] of targets) figures.ratios.set(name, ratioOf(name));
    out('### Served: throughput, latency and CPU per request (wrangler dev, loopback)');
    out(
      `The bundle \`wrangler deploy\` uploads (\`--dry-run\`: production React, minified), served by \`wrangler dev --no-bundle\` three times: edge cache on, edge cache off, and a control worker that does nothing but answer an empty 200, or the uncached home page's bytes and headers. The local KV store is empty, so content comes from the bundled assets. Each page is compared with its own bytes served as a static file (written into the assets before the servers start, so only the worker differs); the worker floor and the empty control with the stylesheet. autocannon, 10 connections, no compression asked, ${LOAD_ROUNDS} rounds of ${LOAD_SECONDS} s per target, the targets in turn within each round, each between two runs of its static file; a target's ratio is its rate over the mean of those two static rates, and the figures are medians over the rounds. CPU per request: all of that server's processes (wrangler's Node process, its two workerd processes) from /proc, and of that the workerd process that runs the worker (and, for the static file, the asset worker). Load average (1 min) when this part began: ${loadAt.toFixed(2)} on ${cpus().length} cores, shared with autocannon and whatever else runs.`,
    );
    out();
    table(
      [
        'target',
        'compared with',
        'req/s',
        'ratio to static',
        'ratio per round',
        'p50 ms',
        'p99 ms',
        'errors',
        'CPU ms/request, all processes',
        'of which the worker’s workerd',
        'req/s per round',
      ],
      targets.map(([name]) => {
        const r = summary(name);
        return [
          name,
          (comparatorOf.get(name) ?? '').replace(/ \(the worker never runs\)$/, ''),
          r.rps.toFixed(0),
          ratioOf(name).toFixed(2),
          (ratios.get(name) ?? []).map((x) => x.toFixed(2)).join(', ') || '1',
          String(r.p50),
          String(r.p99),
          String(r.errors),
          r.cpuAll.toFixed(2),
          r.cpuWorker.toFixed(2),
          runs
            .get(name)!
            .map((x) => x.rps.toFixed(0))
            .join(', '),
        ];
      }),
    );
    await whereTheTimeGoes(uncached);
    await bytes(cached.url, manifest);
    await lighthouseRuns(uncached.url);
  } finally {
    for (const server of [cached, uncached, control]) server?.stop();
    rmSync(`${BENCH_DIST}/${STATIC_COPIES}`, { recursive: true, force: true });
  }
}

const PROFILE_SECONDS = QUICK ? 2 : 5;

/** A CPU profile of the worker while it serves each uncached page: the shares of its sampled time. */
async function whereTheTimeGoes(server: DevServer): Promise<void> {
  const profiles = await profilePaths(
    server.url,
    server.inspectorPort,
    PROFILE_SECONDS,
    SERVED_PAGES.map(([, path]) => path),
    DEPLOY_BUNDLE,
  );
  out('### Where an uncached request’s CPU goes (V8 CPU profile of the worker under wrangler dev)');
  out(
    `Sampled every 100 µs through wrangler's inspector while autocannon served the page for ${PROFILE_SECONDS} s; self time grouped by the source file the bundle's source map names. The profiler itself slows the isolate, so read shares, not milliseconds.`,
  );
  out();
  table(
    ['page', 'sampled busy ms/request', 'largest shares of the sampled time'],
    profiles.map((profile) => [
      SERVED_PAGES.find(([, path]) => path === profile.path)![0],
      profile.busyPerRequest.toFixed(2),
      profile.groups
        .slice(0, 6)
        .map(([group, ms]) => `${group} ${((100 * ms) / profile.busyPerRequest).toFixed(0)}%`)
        .join('; '),
    ]),
  );
}

async function bytes(base: string, manifest: Record<string, { file: string; dynamicImports?: string[]; inline?: string }>): Promise<void> {
  const gz = (data: Buffer | string) => gzipSync(data, { level: 9 }).byteLength;
  const file = (key: string) => readFileSync(`${BENCH_DIST}/${manifest[key]!.file}`);
  const boot = gz(file('client/boot.ts'));
  const island = (manifest['client/boot.ts']!.dynamicImports ?? []).reduce((sum, key) => sum + gz(file(key)), 0);
  // An inlined stylesheet (vite.config.ts) is in every page's HTML, never fetched on its own.
  const inlined = manifest['client/styles.css']!.inline !== undefined;
  const css = inlined ? 0 : gz(file('client/styles.css'));
  const cssCell = (text: string) => (inlined ? 'in the HTML' : text);
  const rows: string[][] = [];
  for (const [page, path] of [
    ['home', '/'],
    ['article', ARTICLE],
  ] as const) {
    const html = gz(await (await fetch(`${base}${path}`)).text());
    // React (the island) arrives only when the reader reaches for the banner (client/consent/first-reach.ts).
    rows.push([page, 'first visit, before any interaction', String(html), cssCell(String(css)), String(boot), String(html + css + boot)]);
    rows.push([
      page,
      'first visit, once the reader reaches for the banner',
      String(html),
      cssCell(String(css)),
      `${boot + island} (+${island}, the island with React)`,
      String(html + css + boot + island),
    ]);
    rows.push([page, 'returning reader', String(html), cssCell('0 (cached)'), '0 (cached)', String(html)]);
    rows.push([
      page,
      'new page, choice stored',
      String(html),
      cssCell('0 (cached)'),
      `${boot} (boot only, if not cached)`,
      String(html + boot),
    ]);
  }
  out('### Bytes (gzip -9)');
  out(
    `Images are not counted. A returning reader has the hashed ${inlined ? 'JS' : 'CSS and JS'} cached (immutable).${inlined ? ` The stylesheet is inlined in the HTML (${gz(file('client/styles.css'))} bytes gzip on its own).` : ''}`,
  );
  out();
  table(['page', 'visit', 'HTML', 'CSS', 'JS', 'total'], rows);
}

/** The simulator's largest page: a 30-year schedule of both systems (docs/speed.md). */
const SIMULATION_30_YEARS = '/simulador-de-financiamento?valor=500000&entrada=100000&juros=11&prazo=30&unidade=anos&sistema=ambos';
const LIGHTHOUSE_PAGES = [
  ['home', '/'],
  ['article', ARTICLE],
  ['simulator, 30-year result', SIMULATION_30_YEARS],
] as const;
/** The pages with an LCP target besides the TBT and score targets every Lighthouse page has. */
const LCP_PAGES = ['home', 'article'];

async function lighthouseRuns(base: string): Promise<void> {
  const controls = await startControls(base);
  try {
    const site = LIGHTHOUSE_PAGES.map(([name, path]) => ({ name, url: `${base}${path}` }));
    const { results, loads } = await compareFirstVisits([...site, ...controls.targets], LIGHTHOUSE_ROUNDS, 4);
    for (const { name, samples } of results) figures.lighthouse.set(name, samples);
    const s = (ms: number) => (ms / 1000).toFixed(2);
    out('### Lighthouse, mobile, first visit, side by side with controls');
    out(
      `Each page a first visit in a fresh Chrome (nothing cached, no consent stored: the cookie banner shows), simulated slow 4G and 4× CPU slowdown, the uncached worker; the pages and two controls (scripts/bench/lighthouse-compare.ts: the home's own markup with no stylesheet or script, and an empty page) in turn within a round, ${LIGHTHOUSE_ROUNDS} rounds. Medians and the worst run of each. Load average (1 min) at the start of each round, on ${cpus().length} cores: ${loads.map((l) => l.toFixed(2)).join(', ')}.`,
    );
    out();
    table(
      [
        'page',
        'runs',
        'performance median / worst',
        'LCP s median / worst',
        'FCP s median',
        'TBT ms median / worst',
        'TBT ms, each run',
        'CLS worst',
        'LCP element',
      ],
      results.map(({ name, samples, failed }) => {
        const pick = (f: (x: LighthouseSample) => number) => samples.map(f);
        const elements = new Map<string, number>();
        for (const x of samples) elements.set(x.lcpElement, (elements.get(x.lcpElement) ?? 0) + 1);
        return [
          name,
          `${samples.length}${failed > 0 ? ` (+${failed} failed)` : ''}`,
          `${median(pick((x) => x.score))} / ${Math.min(...pick((x) => x.score))}`,
          `${s(median(pick((x) => x.lcp)))} / ${s(Math.max(...pick((x) => x.lcp)))}`,
          s(median(pick((x) => x.fcp))),
          `${median(pick((x) => x.tbt)).toFixed(0)} / ${Math.max(...pick((x) => x.tbt)).toFixed(0)}`,
          pick((x) => x.tbt)
            .map((t) => t.toFixed(0))
            .join(', '),
          Math.max(...pick((x) => x.cls)).toFixed(3),
          [...elements].map(([element, count]) => `${element} ×${count}`).join('; '),
        ];
      }),
    );
  } finally {
    controls.server.close();
  }
}

/** `BENCH_ONLY=lighthouse`: the Lighthouse part alone, on an uncached site of its own (port PORT, else 8927). */
async function lighthouseAlone(script: string): Promise<void> {
  const site = startWranglerDev({ port: Number(process.env.PORT) || LIGHTHOUSE_PORT, script, vars: { EDGE_CACHE: 'off' } });
  try {
    await waitFor(`${site.url}/`);
    await lighthouseRuns(site.url);
  } finally {
    site.stop();
  }
}

/** Each speed target beside the figure this run measured. */
function targets(): void {
  const rows: string[][] = [];
  const check = (what: string, target: string, value: number | undefined, digits: number, met: (v: number) => boolean) =>
    rows.push([
      what,
      target,
      value === undefined ? 'not measured' : value.toFixed(digits),
      value === undefined ? '–' : met(value) ? 'met' : 'NOT met',
    ]);
  for (const [page] of SERVED_PAGES) {
    check(`uncached ${page}, ratio to static`, '≥ 0.50', figures.ratios.get(`uncached ${page}`), 3, (v) => v >= 0.5);
  }
  for (const [page] of SERVED_PAGES) {
    check(`cached ${page}, ratio to static`, '≥ 0.85', figures.ratios.get(`cached ${page}`), 3, (v) => v >= 0.85);
  }
  // What the cached rows are up against: the same bytes from a worker that does nothing.
  const floor = figures.ratios.get(CONTROL_HOME);
  rows.push([
    'for comparison: a no-op worker sending the home page’s bytes, ratio to static',
    '(the floor of any worker under wrangler dev)',
    floor === undefined ? 'not measured' : floor.toFixed(3),
    '–',
  ]);
  for (const [count, cpu] of figures.homeCpu) {
    check(`workerd CPU per uncached home, ${count.toLocaleString('en')} articles (median, ms)`, '≤ 1.00', cpu, 2, (v) => v <= 1);
  }
  for (const [page] of LIGHTHOUSE_PAGES) {
    const samples = figures.lighthouse.get(page);
    const tbt = samples?.map((x) => x.tbt);
    check(`Lighthouse, ${page}: TBT, first visit, 4×, worst run (ms)`, '≤ 50', tbt && Math.max(...tbt), 0, (v) => v <= 50);
    check(`Lighthouse, ${page}: TBT (median, ms)`, '≤ 20', tbt && median(tbt), 0, (v) => v <= 20);
    if (LCP_PAGES.includes(page)) {
      check(`Lighthouse, ${page}: LCP (median, ms)`, '≤ 800', samples && median(samples.map((x) => x.lcp)), 0, (v) => v <= 800);
    }
    const scores = samples?.map((x) => x.score);
    check(`Lighthouse, ${page}: performance, worst run`, '100', scores && Math.min(...scores), 0, (v) => v >= 100);
  }
  const { hostile } = figures;
  check('costliest hostile body: workerd CPU per render (median, ms)', '≤ 50', hostile?.renderMs, 1, (v) => v <= 50);
  check('costliest hostile body: content:check (median, s)', '≤ 2.00', hostile?.checkS, 2, (v) => v <= 2);
  for (const [state, seconds] of figures.checkCommand ?? new Map([['(not run)', undefined]])) {
    check(`npm run content:check of one article folder, ${state} (median wall, s)`, '≤ 3.00', seconds, 2, (v) => v <= 3);
  }
  rows.push([
    'every hostile body checked with a report',
    'yes',
    hostile ? (hostile.allReported ? 'yes' : 'no') : 'not measured',
    hostile ? (hostile.allReported ? 'met' : 'NOT met') : '–',
  ]);
  out('### Targets');
  out();
  table(['what', 'target', 'this run', ''], rows);
}

/** The costly bodies of the hostile corpus (scripts/bench/hostile.ts): render CPU in workerd, and content:check. */
async function hostileBodies(): Promise<void> {
  const rounds = QUICK ? 2 : 7;
  const checks = QUICK ? 1 : 3;
  await bundleWorker(BENCH_DIST);
  const { rows, memory } = await benchHostileBodies({ port: workerdPort++, rounds, checks });
  const sec = (value: number) => (Number.isNaN(value) ? '–' : (value / 1000).toFixed(2));
  out('### Hostile bodies: render CPU in workerd, and content:check');
  out(
    `The costly bodies of the hostile corpus (\`COSTLY_BODIES\`, test/fixtures/hostile-bodies.ts), each the body of an article. **Render**: the bundled worker in workerd, one warm isolate, each article asked for ${rounds} times, with 33 ordinary articles in between so that the body is never one of the 32 the isolate keeps sanitized: every render parses it afresh; CPU of all workerd's threads per request (as in the render-CPU table). workerd's peak memory: ${memory.startedMB.toFixed(0)} MB after start-up, ${memory.peakMB.toFixed(0)} MB at the most over the run${memory.restarts > 0 ? ` (restarted ${memory.restarts} times)` : ''}. **Heap**: the body sanitized as the worker sanitizes it, in a Node process whose heap is capped at a Worker's 128 MB (\`--max-old-space-size=128\`): the V8 heap's size before and after. **Check**: \`content:check\`'s code (\`checkContent\`) on a copy of a sample article holding the body, in a fresh Node process (tsx's start-up not counted), ${checks} time(s); the first of the body's problems as the editor reads it. Targets: render ≤ 50 ms (median), check ≤ 2 s with a report.`,
  );
  out();
  const median1 = (values: number[]) => (values.length > 0 ? median(values) : Number.NaN);
  table(
    [
      'body',
      'KB',
      'page',
      'render ms, median',
      'render ms, max',
      'page KB',
      'heap (128 MB cap)',
      'heap MB before → after',
      'check s, median',
      'check CPU s',
      'check peak MB',
      'problems',
      'the check says',
    ],
    rows.map((row) => {
      const done = row.check.filter((run) => !run.failed);
      const failed = row.check.find((run) => run.failed);
      return [
        row.name,
        (row.bytes / 1024).toFixed(0),
        row.status,
        row.renders.length > 0 ? ms(median(row.renders)) : '–',
        row.renders.length > 0 ? ms(Math.max(...row.renders)) : '–',
        (row.pageBytes / 1024).toFixed(0),
        row.heap.outcome,
        Number.isNaN(row.heap.heapAfterMB) ? '–' : `${row.heap.heapBeforeMB.toFixed(0)} → ${row.heap.heapAfterMB.toFixed(0)}`,
        sec(median1(row.check.map((run) => run.wallMs))),
        sec(median1(done.map((run) => run.cpuMs))),
        done.length > 0 ? median(done.map((run) => run.peakRssMB)).toFixed(0) : '–',
        done.length > 0 ? String(done[0]!.problems) : '–',
        failed ? `**no report**: ${failed.failed}` : (done[0]?.first ?? '').replace(/\|/g, '\\|'),
      ];
    }),
  );
  const renderMs = Math.max(...rows.map((row) => median1(row.renders) / 1000));
  const checkS = Math.max(...rows.map((row) => median1(row.check.map((run) => run.wallMs)) / 1000));
  figures.hostile = { renderMs, checkS, allReported: rows.every((row) => row.check.every((run) => !run.failed)) };
}

/** content:check of one ordinary folder, the whole command (scripts/bench/check-command.ts). */
function checkCommand(): void {
  const runs = QUICK ? 2 : 5;
  const rows = benchCheckCommand({ runs });
  const s = (ms: number) => (ms / 1000).toFixed(2);
  out('### content:check of one article folder');
  out(
    `\`npm run content:check -- content/como-decorar-apartamentos-pequenos\` as an editor types it: npm, tsx's start-up, loading the check, reading the live list and authors, checking the folder, printing; ${runs} runs after one, each a fresh process, in a scratch directory linked to this checkout; the first run (after the publish, it finds the live list the publish left behind; a store another program wrote is read with wrangler and workerd, about 7 s of CPU; \`scripts/content/check-context.ts\`) is shown apart. **Wall**: what the editor waits. **CPU**: user + system time of the command's processes (GNU time), which does not grow when other work shares the machine. Load average at the start: ${loadavg()[0]!.toFixed(1)}. Target: ≤ 3 s.`,
  );
  out();
  table(
    ['state', 'where the check read the live list', 'first run: wall s (CPU s)', 'wall s, median', 'wall s, each run', 'CPU s, median'],
    rows.map((row) => [
      row.state,
      row.source.replace(/\|/g, '\\|'),
      `${s(row.first.ms)} (${s(row.first.cpuMs)})`,
      s(median(row.runs)),
      row.runs.map(s).join(', '),
      s(median(row.cpu)),
    ]),
  );
  figures.checkCommand = new Map(rows.map((row) => [row.state, median(row.runs) / 1000]));
}

/** Search at 100,000 articles (scripts/bench/search.ts): /busca on a local D1, in workerd. */
async function search(): Promise<void> {
  out('### Search');
  out(searchTable(await benchSearch({ runs: QUICK ? 2 : 5 })));
  out();
}

/** The newsroom's port: its own wrangler dev. */
const NEWSROOM_PORT = Number(process.env.BENCH_NEWSROOM_PORT || 8919);

async function newsroom(): Promise<void> {
  const rounds = QUICK ? 3 : 10;
  const load = loadavg()[0]!.toFixed(2);
  const times = await benchNewsroom({ port: NEWSROOM_PORT, rounds });
  out('### The newsroom: pages, an autosave, publish → live');
  out();
  out(
    `wrangler dev on dist/ with the development identity (loopback), its own state (migrations applied, nothing published), list lifetime 0 and no edge cache. ${rounds} rounds after one unmeasured, the targets in turn within each round; a page's time is to the last byte of its answer. Publish → live: from the POST of the newsroom's API (\`content:publish --remote\`'s request: one article, its main image and six variants, prepared before the clock starts) to the first 200 of the article's address, polled every 50 ms; unpublished after each round. The control is a reader's article page, in the same rounds. The first publish also copies the bundled articles' files into KV (the engine's first run). Load average (1 min) when this part began: ${load} on ${cpus().length} cores.`,
  );
  out();
  out(`Publish → live, round by round (ms): ${times.publish.map((ms) => ms.toFixed(0)).join(', ')}.`);
  out();
  const row = (name: string, ms: number[]) => [name, median(ms).toFixed(1), Math.max(...ms).toFixed(1)];
  table(
    ['target', 'median ms', 'worst ms'],
    [
      row('control: a reader’s article page', times.control),
      row('GET /redacao (the drafts)', times.list),
      row('GET a draft’s page', times.draft),
      row('an autosave (POST, JSON answer)', times.save),
      row('publish → live (API POST to the article’s 200)', times.publish),
    ],
  );
  out();
}

async function main(): Promise<void> {
  // One build for the whole run, bundled at once: others edit the sources meanwhile.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  snapshotDist();
  const deployBundle = buildDeployBundle();
  out(`# Benchmark results`);
  out();
  out(
    `${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.${QUICK ? ' QUICK RUN: not for comparison.' : ''}`,
  );
  out();
  if (!ONLY || ONLY === 'cpu') await renderCpu();
  if (!ONLY || ONLY === 'search') await search();
  if (!ONLY || ONLY === 'served') await servedPath(deployBundle);
  if (ONLY === 'lighthouse') await lighthouseAlone(deployBundle);
  if (!ONLY || ONLY === 'hostile') await hostileBodies();
  if (!ONLY || ONLY === 'check') checkCommand();
  if (!ONLY || ONLY === 'newsroom') await newsroom();
  if (!ONLY) targets();
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
