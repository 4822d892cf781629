/**
 * Runs the bundled worker in workerd itself, the runtime of the edge, and
 * measures the CPU it spends: the sum of every workerd thread's on-CPU time
 * (/proc/<pid>/task/<tid>/schedstat, in nanoseconds) across a request. That
 * counts everything workerd does for the request (HTTP parsing, the reads from
 * the stand-in store, garbage collection): a little more than Workers bill,
 * never less.
 *
 * The store is a directory served by a workerd disk service (one file per KV
 * key), and the static assets are the run's copy of dist/ served the same way, so the worker
 * reads them through its usual bindings, wrapped by a small entry module.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { BENCH_DIST } from './dist-snapshot.ts';
import { BENCH_VARS } from './fake-env.ts';
import { threadsCpuNanos } from './process-cpu.ts';

const WORKERD = resolve('node_modules/.bin/workerd');

/** Writes a store (KV key → value) as files under `dir`, one per key. */
export function writeStore(store: Map<string, string>, dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  for (const [key, value] of store) {
    const file = join(dir, key);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, value);
  }
}

// The worker's bindings, backed by the two disk services. KV answers null for a
// missing key, like Workers KV.
const ENTRY = `
import worker from './worker.mjs';
const vars = ${JSON.stringify(BENCH_VARS)};
export default {
  fetch(request, env, ctx) {
    const NEWS = {
      async get(key, type) {
        const response = await env.KV.fetch('http://kv/' + key);
        if (!response.ok) return null;
        return type === 'arrayBuffer' ? response.arrayBuffer() : response.text();
      },
    };
    const ASSETS = { fetch: (url) => env.DIST.fetch('http://dist' + new URL(url).pathname) };
    return worker.fetch(request, { ...vars, NEWS, ASSETS }, ctx);
  },
};
`;

function config(port: number, storeDir: string): string {
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = (
      modules = [
        (name = "entry.mjs", esModule = embed "entry.mjs"),
        (name = "worker.mjs", esModule = embed "worker.mjs"),
      ],
      compatibilityDate = "2026-11-01",
      bindings = [(name = "KV", service = "kv"), (name = "DIST", service = "dist")],
    )),
    (name = "kv", disk = (path = ${JSON.stringify(resolve(storeDir))})),
    (name = "dist", disk = (path = ${JSON.stringify(resolve(BENCH_DIST))})),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
`;
}

export interface WorkerdHost {
  url: string;
  /** workerd's process id. */
  pid: number;
  /** CPU workerd used to start: its own set-up, the script's load and its warm-up (src/warm-up.ts). */
  startupNanos: number;
  /** CPU nanoseconds all of workerd's threads have used so far. */
  cpuNanos(): number;
  stop(): void;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Starts workerd on the bundle (`.bench/worker.mjs`) and the store in `storeDir`; resolves once it answers. */
export async function startWorkerd(port: number, storeDir: string): Promise<WorkerdHost> {
  writeFileSync('.bench/entry.mjs', ENTRY);
  writeFileSync('.bench/bench.capnp', config(port, storeDir));
  const child: ChildProcess = spawn(WORKERD, ['serve', '.bench/bench.capnp'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  // Wait for the socket only: any HTTP request would run the worker, and the
  // first request is one of the things measured.
  for (let i = 0; !(await accepts(port)); i++) {
    if (child.exitCode !== null || i > 400) throw new Error('workerd did not start');
    await new Promise((done) => setTimeout(done, 25));
  }
  // The script keeps loading after the socket is open: wait until workerd idles.
  const cpuNanos = () => threadsCpuNanos(child.pid!);
  let last = cpuNanos();
  for (;;) {
    await new Promise((done) => setTimeout(done, 200));
    const now = cpuNanos();
    if (now - last < 1e6) break;
    last = now;
  }
  return { url, pid: child.pid!, startupNanos: cpuNanos(), cpuNanos, stop: () => child.kill('SIGKILL') };
}

/** Fetches a path and reads the whole body; returns workerd's CPU time for it, in µs. */
export async function measuredRequest(host: WorkerdHost, path: string): Promise<number> {
  const before = host.cpuNanos();
  const response = await fetch(`${host.url}${path}`);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return (host.cpuNanos() - before) / 1000;
}
