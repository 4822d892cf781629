/**
 * Where a served request's CPU goes: a V8 CPU profile of the worker's isolate
 * under `wrangler dev`, taken through the inspector wrangler opens, while
 * autocannon serves one path. Each sample's frame is mapped back through the
 * bundle's source map to its file, then grouped (React's server renderer,
 * Hono, parse5, the app's own modules, garbage collection, idle).
 *
 * Usage: [BUNDLE=<script run with --no-bundle>] tsx scripts/bench/served/profile.ts <base URL> <inspector port> <seconds> <path>...
 * (`npm run bench` uses it for its "where the time goes" table.)
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** One inspector session: sends commands, resolves their results by id. */
async function inspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  // wrangler's inspector proxy refuses a connection without an Origin (Node's
  // WebSocket sends none unless told; the headers option is undici's).
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl, {
    headers: { Origin: `http://127.0.0.1:${port}` },
  } as unknown as string[]);
  await new Promise((done, fail) => {
    socket.addEventListener('open', done, { once: true });
    socket.addEventListener('error', fail, { once: true });
  });
  let next = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  return {
    send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
      const id = next++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((done) => waiting.set(id, done as (result: unknown) => void));
    },
    close: () => socket.close(),
  };
}

/**
 * The source map of a frame's script. Bundled by wrangler dev, the script is a
 * file (`file:///…/.wrangler/tmp/dev-…/index.js`) with its map beside it; run
 * with --no-bundle, it is named by its file name alone, and `bundle` says where
 * it is. Runtime scripts (workerd's own, node-internal:…) have none.
 */
function sourceMaps(bundle?: string) {
  const maps = new Map<string, SourceMap | null>();
  return (url: string): SourceMap | null => {
    if (!maps.has(url)) {
      let file: string | undefined;
      if (url.startsWith('file://')) file = fileURLToPath(url);
      else if (bundle && basename(bundle) === url) file = bundle;
      let map: SourceMap | null = null;
      try {
        if (file) map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
      } catch {
        // no map: the frame keeps its script's URL
      }
      maps.set(url, map);
    }
    return maps.get(url)!;
  };
}

/** The group a source file belongs to: a package, or one of the app's folders. */
function groupOf(source: string, functionName: string): string {
  if (!source) {
    if (functionName === '(garbage collector)') return 'V8: garbage collection';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8/workerd native (program)';
    return `native: ${functionName || '(anonymous)'}`;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source);
  if (pkg) {
    const file = pkg[2]!.split('/').pop()!;
    return pkg[1] === 'react-dom' || pkg[1] === 'react' ? `${pkg[1]}: ${file}` : pkg[1]!;
  }
  const app = /(src|shared)\/(.*)$/.exec(source);
  return app ? `app: ${app[1]}/${app[2]}` : source;
}

/** Self time (µs) per group and per function, from one profile. */
function attribute(profile: Profile, mapOf: (url: string) => SourceMap | null) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byGroup = new Map<string, number>();
  const byFrame = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    const frame = nodes.get(id)!.callFrame;
    let source = '';
    let name = frame.functionName;
    const map = frame.url ? mapOf(frame.url) : null;
    if (map && frame.lineNumber >= 0) {
      const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; name?: string };
      source = entry.originalSource ?? frame.url;
      name = entry.name ?? name;
    } else source = frame.url;
    const group = groupOf(source, frame.functionName);
    byGroup.set(group, (byGroup.get(group) ?? 0) + delta);
    const key = `${name || '(anonymous)'} — ${group}`;
    byFrame.set(key, (byFrame.get(key) ?? 0) + delta);
    total += delta;
  });
  return { byGroup, byFrame, total };
}

export interface PathProfile {
  path: string;
  requests: number;
  /** Sampled CPU per request (ms), idle excluded. */
  busyPerRequest: number;
  groups: [string, number][];
  frames: [string, number][];
}

/** Profiles the worker while autocannon serves each path in turn. */
export async function profilePaths(
  base: string,
  inspectorPort: number,
  seconds: number,
  paths: string[],
  bundle?: string,
): Promise<PathProfile[]> {
  const mapOf = sourceMaps(bundle);
  const session = await inspector(inspectorPort);
  const results: PathProfile[] = [];
  try {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 100 });
    for (const path of paths) {
      await autocannon({ url: `${base}${path}`, connections: 10, duration: 1 }); // warm
      await session.send('Profiler.start');
      const load = await autocannon({ url: `${base}${path}`, connections: 10, duration: seconds });
      const { profile } = await session.send<{ profile: Profile }>('Profiler.stop');
      const { byGroup, byFrame } = attribute(profile, mapOf);
      const requests = load.requests.total;
      const idle = byGroup.get('idle') ?? 0;
      byGroup.delete('idle');
      const busy = [...byGroup.values()].reduce((sum, v) => sum + v, 0);
      const perRequest = (micros: number) => micros / 1000 / requests;
      const sorted = (entries: Map<string, number>) =>
        [...entries].sort((a, b) => b[1] - a[1]).map(([name, micros]) => [name, perRequest(micros)] as [string, number]);
      results.push({
        path,
        requests,
        busyPerRequest: perRequest(busy),
        groups: sorted(byGroup),
        frames: sorted(byFrame).filter(([name]) => !name.endsWith('— idle')),
      });
      void idle;
    }
  } finally {
    session.close();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, port, seconds, ...paths] = process.argv.slice(2);
  const results = await profilePaths(base!, Number(port), Number(seconds), paths, process.env.BUNDLE);
  for (const result of results) {
    console.log(`\n${result.path}: ${result.requests} requests, ${result.busyPerRequest.toFixed(2)} ms busy per request`);
    console.log('  by group (ms per request):');
    for (const [name, value] of result.groups.slice(0, 12)) console.log(`    ${value.toFixed(3).padStart(7)}  ${name}`);
    console.log('  top functions (self ms per request):');
    for (const [name, value] of result.frames.slice(0, 15)) console.log(`    ${value.toFixed(3).padStart(7)}  ${name}`);
  }
  process.exit(0);
}
