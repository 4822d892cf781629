/**
 * The served path: the worker under `wrangler dev`, loaded with autocannon,
 * with the CPU every wrangler dev process spends per request (from /proc).
 *
 * What runs is the bundle `wrangler deploy` would upload (`--dry-run
 * --outdir`), served with `--no-bundle`. Two reasons:
 * - `wrangler dev` bundles with `process.env.NODE_ENV` = "development" unless
 *   told otherwise (deploys get "production"), so it serves React's
 *   development build: about five times the CPU of a page (the JSX runtime
 *   records a stack for every element), which is what the edge never runs.
 * - a bundle built once does not change under the run: `wrangler dev` rebuilds
 *   and restarts whenever a source file changes, and other work edits them.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { startWrangler, type WranglerProcess, wrangler } from '../../lib/wrangler.ts';
import { BENCH_DIST } from '../common/dist-snapshot.ts';
import { commandLine, processCpuNanos, processTree } from '../common/process-cpu.ts';

/** Where the deploy bundle is written. */
export const DEPLOY_BUNDLE = '.bench/deploy/index.js';

/** Bundles the worker exactly as `wrangler deploy` does (production React, minified, source map beside it). */
export function buildDeployBundle(): string {
  rmSync('.bench/deploy', { recursive: true, force: true });
  wrangler(
    // The top-level environment (wrangler.toml's local vars), reading the run's copy of the manifest.
    ['deploy', '--dry-run', '--env', '', '--outdir', '.bench/deploy', '--alias', `@client/manifest:./${BENCH_DIST}/.vite/manifest.json`],
    // A NODE_ENV left in the shell would win over wrangler's choice for deploys.
    { NODE_ENV: 'production' },
  );
  return DEPLOY_BUNDLE;
}

export interface DevServer extends WranglerProcess {
  url: string;
  inspectorPort: number;
}

/** `wrangler dev` on a prebuilt script (`--no-bundle`), inspector at port + 1000. */
export function startWranglerDev(options: { port: number; script: string; config?: string; vars?: Record<string, string> }): DevServer {
  const { port, script, config, vars = {} } = options;
  const server = startWrangler(
    [
      'dev',
      script,
      '--no-bundle',
      ...(config ? ['--config', config] : []),
      '--port',
      String(port),
      '--inspector-port',
      String(port + 1000),
      '--persist-to',
      `.bench/wrangler-${port}`,
      '--assets',
      BENCH_DIST,
      ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
    ],
    { NODE_ENV: 'production' },
  );
  return { ...server, url: `http://localhost:${port}`, inspectorPort: port + 1000 };
}

/**
 * A worker that does no work at all: `/` answers with the bytes and headers of
 * a page the portal served (encoded once, as a cached page is kept), any other
 * path with an empty 200. Run under `wrangler dev` beside the portal, it shows
 * what `wrangler dev` itself costs to run a worker, and to send that page.
 */
export function writeMinimalWorker(body: string, headers: [string, string][]): { script: string; config: string } {
  const dir = '.bench/minimal';
  mkdirSync(dir, { recursive: true });
  // Framing and encoding are the server's business; a Content-Encoding kept here would make workerd
  // compress the control's every response (fetch() had asked for gzip, then decoded it).
  const framing = ['content-length', 'transfer-encoding', 'content-encoding', 'date'];
  const kept = headers.filter(([name]) => !framing.includes(name.toLowerCase()));
  writeFileSync(
    `${dir}/worker.js`,
    [
      `const BODY = new TextEncoder().encode(${JSON.stringify(body)});`,
      `const HEADERS = ${JSON.stringify(kept)};`,
      'export default {',
      '  fetch(request) {',
      "    if (new URL(request.url).pathname === '/') return new Response(BODY, { headers: HEADERS });",
      "    return new Response('');",
      '  },',
      '};',
      '',
    ].join('\n'),
  );
  // The same assets in front of it as the portal has, so a request takes the same way in.
  writeFileSync(
    `${dir}/wrangler.toml`,
    `name = "bench-minimal"\nmain = "worker.js"\ncompatibility_date = "2026-11-01"\n\n[assets]\ndirectory = ${JSON.stringify(resolve(BENCH_DIST))}\nbinding = "ASSETS"\nhtml_handling = "none"\n\n[observability]\nenabled = true\n`,
  );
  return { script: `${dir}/worker.js`, config: `${dir}/wrangler.toml` };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU per request of all of the server's processes (wrangler's Node and its workerd processes), ms. */
  cpuAll: number;
  /** Of which the workerd process that runs the worker itself (the one with the inspector), ms. */
  cpuWorker: number;
}

/** autocannon on one URL for `seconds`, with the CPU the server's process tree spent per request. */
export async function load(url: string, server: DevServer, seconds: number): Promise<LoadResult> {
  const pids = processTree(server.child.pid!);
  const workerPid = pids.find((pid) => /workerd/.test(commandLine(pid)) && /--inspector-addr/.test(commandLine(pid)));
  const before = new Map(pids.map((pid) => [pid, processCpuNanos(pid)]));
  const result = await autocannon({ url, connections: 10, duration: seconds });
  const used = (pid: number) => processCpuNanos(pid) - before.get(pid)!;
  const perRequest = (nanos: number) => nanos / 1e6 / Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuAll: perRequest(pids.reduce((sum, pid) => sum + used(pid), 0)),
    cpuWorker: workerPid === undefined ? Number.NaN : perRequest(used(workerPid)),
  };
}
