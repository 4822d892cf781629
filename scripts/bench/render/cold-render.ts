/**
 * One cold isolate: a fresh process loads the bundled worker, then serves one
 * request. Prints the main thread's CPU time (µs) for loading and for that first
 * request (what Workers count: not V8's or Node's helper threads), as JSON.
 * Usage: tsx scripts/bench/render/cold-render.ts <article count> <path>
 */
import { pathToFileURL } from 'node:url';
import { fakeEnv, generatedStore } from '../common/fake-env.ts';

const [count, path] = [Number(process.argv[2]), process.argv[3]!];
const kv = generatedStore(count);
const env = fakeEnv(kv);
// Node loads its fetch implementation (Request, Response, Headers) lazily on first
// use; in workerd these are built in. Load them first so the numbers are the worker's.
await new Response(new Request('https://example.com/', { headers: { a: 'b' } }).url).text();
await crypto.subtle.digest('SHA-1', new TextEncoder().encode('x'));
const heapBefore = process.memoryUsage().heapUsed;
const beforeLoad = process.threadCpuUsage();
const worker = (await import(pathToFileURL('.bench/worker.mjs').href)).default;
// The script's start-up warm-up (src/warm-up.ts) ends in callbacks: part of loading.
await new Promise((done) => setTimeout(done, 100));
const load = process.threadCpuUsage(beforeLoad);
const beforeRequest = process.threadCpuUsage();
const response: Response = await worker.fetch(new Request(`https://casaempauta.com.br${path}`), env, {
  waitUntil() {},
  passThroughOnException() {},
});
await response.arrayBuffer();
const request = process.threadCpuUsage(beforeRequest);
// The worker's own allocations: the fake store's strings are not the worker's memory.
const memory = process.memoryUsage().heapUsed - heapBefore;
// Workers count the script's startup (global scope) apart from each request's CPU.
console.log(
  JSON.stringify({
    status: response.status,
    loadMicros: load.user + load.system,
    cpuMicros: request.user + request.system,
    heapBytes: memory,
  }),
);
