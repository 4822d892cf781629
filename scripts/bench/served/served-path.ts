import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { PAGE_STYLESHEETS } from '../../../src/site/page-stylesheets.ts';
import { waitFor } from '../../lib/wrangler.ts';
import { BENCH_DIST } from '../common/dist-snapshot.ts';
import { ARTICLE, figures, median, out, QUICK, table } from '../common/report.ts';
import { LIGHTHOUSE_PORT, lighthouseRuns } from '../lighthouse/lighthouse-part.ts';
import { bytes } from './bytes.ts';
import { profilePaths } from './profile.ts';
import { DEPLOY_BUNDLE, type DevServer, type LoadResult, load, startWranglerDev, writeMinimalWorker } from './served.ts';

const LOAD_SECONDS = QUICK ? 3 : 5;
const LOAD_ROUNDS = QUICK ? 1 : 3;

// Not 8787/8797: 8787 is `wrangler dev`'s default, used by the e2e tests and the
// audit; the bench must never meet them. Inspectors at port + 1000.
const CACHED_PORT = 8887;
const UNCACHED_PORT = 8897;
/** The no-op control worker (served.ts, writeMinimalWorker). */
const CONTROL_PORT = 8907;
export const SERVED_PAGES = [
  ['home', '/'],
  ['article', ARTICLE],
  ['/sobre', '/sobre'],
] as const;
/** The control row the cached pages are compared with in the targets table. */
export const CONTROL_HOME = 'control: a no-op worker sending the uncached home’s bytes';
const staticCopyName = (page: string) => `${page.replace(/\W/g, '') || 'page'}.html`;

/** Where the static copies of the served pages are written, inside the assets directory. */
const STATIC_COPIES = 'bench-static';

/** A group of load targets measured against one static file, each run between two runs of it. */
interface LoadGroup {
  comparator: [name: string, url: string, server: DevServer];
  targets: [name: string, url: string, server: DevServer][];
}

/** Parts 3 to 5: the served path under wrangler dev, where its CPU goes, the bytes, and Lighthouse on the same servers. */
export async function servedPath(script: string): Promise<void> {
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
    const css = `/${manifest[PAGE_STYLESHEETS.home]!.file}`;
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
        comparator: ['static file: the home’s stylesheet (the worker never runs)', `${cached.url}${css}`, cached],
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

/** `BENCH_ONLY=lighthouse`: the Lighthouse part alone, on an uncached site of its own (port PORT, else 8927). */
export async function lighthouseAlone(script: string): Promise<void> {
  const site = startWranglerDev({ port: Number(process.env.PORT) || LIGHTHOUSE_PORT, script, vars: { EDGE_CACHE: 'off' } });
  try {
    await waitFor(`${site.url}/`);
    await lighthouseRuns(site.url);
  } finally {
    site.stop();
  }
}
