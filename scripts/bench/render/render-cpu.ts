import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { BENCH_DIST } from '../common/dist-snapshot.ts';
import { anotherArticleOf, articleOf, fakeEnv, generatedStore } from '../common/fake-env.ts';
import { figures, median, ms, out, QUICK, quantile, table, workerdPort } from '../common/report.ts';
import { bundleWorker } from '../common/worker-bundle.ts';
import { measuredRequest, startWorkerd, writeStore } from '../common/workerd-host.ts';

const WARM_RUNS = QUICK ? 50 : 400;
const COLD_RUNS = QUICK ? 3 : 10;
const SCALES = [20, 100_000];

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

/** CPU of the worker in workerd (the edge's runtime): warm renders, and first requests of fresh processes. */
async function workerdCpu(storeDir: string, pathAt: PathAt) {
  const host = await startWorkerd(await workerdPort(), storeDir);
  let request = 0;
  for (let i = 0; i < 50; i++) await measuredRequest(host, pathAt(request++)); // past V8's tiering
  const warm: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await measuredRequest(host, pathAt(request++)));
  host.stop();
  const cold: number[] = [];
  const startup: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const fresh = await startWorkerd(await workerdPort(), storeDir);
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
    const output = execFileSync('tsx', ['scripts/bench/render/cold-render.ts', String(count), pathAt(0)], { encoding: 'utf8' });
    return JSON.parse(output) as { loadMicros: number; cpuMicros: number; heapBytes: number };
  });
  return { warm, cold };
}

/** Part 1: CPU per uncached render, in workerd and in Node, at 20 and 100,000 articles. */
export async function renderCpu(): Promise<void> {
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
