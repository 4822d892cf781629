/**
 * The costly bodies of the hostile corpus (test/fixtures/hostile-bodies.ts,
 * COSTLY_BODIES), each stored as an article's body: the CPU workerd
 * spends rendering its page (the bundled worker, warm isolate, the body
 * never sanitized before in it), and the time, CPU and memory of
 * `content:check` on an article folder holding it (as raw HTML in index.md), in a fresh process, and
 * the heap the sanitizer needs for it in a Node process capped at a Worker's
 * 128 MB. Judged against the targets in ../targets.ts: a bounded render, and
 * a check that ends with a report.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markdownToHtml } from '../../../src/checking/markdown-body.ts';
import { contentHash } from '../../../src/content/index/content-hash.ts';
import { buildIndex } from '../../../src/content/index/index-build.ts';
import { bodyKey } from '../../../src/content/schema/format.ts';
import type { NewsItem } from '../../../src/content/schema/news-item.ts';
import { articlePath } from '../../../src/seo/urls.ts';
import { COSTLY_BODIES } from '../../../test/fixtures/hostile-bodies.ts';
import { copySample, readSample } from '../../../test/fixtures/sample-article.ts';
import { startWorkerd, type WorkerdHost, writeStore } from '../common/workerd-host.ts';

/** A sample article, whose index.md body is replaced by each costly body. */
const SAMPLE = 'content/como-decorar-apartamentos-pequenos';
/**
 * Ordinary articles asked for between two requests for the same costly body:
 * more than the 32 bodies an isolate keeps sanitized (src/content/body/sanitize-html.ts),
 * so every measured render reads its body afresh, as the first reader of it does.
 */
const FILLERS = 33;
const TIMEOUT_MS = 120_000;

export interface HostileRow {
  name: string;
  bytes: number;
  /** The page's status, or what went wrong. */
  status: string;
  /** workerd CPU per render, µs. */
  renders: number[];
  pageBytes: number;
  check: CheckRun[];
  heap: HeapRun;
}

interface HeapRun {
  outcome: string;
  heapBeforeMB: number;
  heapAfterMB: number;
}

interface CheckRun {
  wallMs: number;
  cpuMs: number;
  peakRssMB: number;
  problems: number;
  errors: number;
  first: string;
  /** Set when the check did not finish: how it ended. */
  failed?: string;
}

const slugOf = (kind: 'custoso' | 'comum', i: number) => `corpo-${kind}-${i}`;

function store(): Map<string, string> {
  const sample = markdownToHtml(readSample(SAMPLE).body).html;
  const bodies = new Map<string, string>();
  for (const [i, body] of COSTLY_BODIES.entries()) bodies.set(slugOf('custoso', i), body.html);
  for (let i = 0; i < FILLERS; i++) bodies.set(slugOf('comum', i), `${sample}<!-- ${i} -->`);
  const items: NewsItem[] = [...bodies.keys()].map((slug, i) => ({
    slug,
    titulo: `Artigo de teste ${i} com um corpo custoso de ler para o parser`,
    descricao: `Descrição do artigo de teste ${i}, com o tamanho típico de um resumo de card e de resultado de busca.`,
    data: '2025-06-01',
    imagemAtual: 'como-decorar-apartamentos-pequenos-be2c843918.webp',
    htmlPath: bodyKey(slug),
  }));
  const kv = buildIndex(items, contentHash);
  for (const [slug, html] of bodies) kv.set(bodyKey(slug), html);
  return kv;
}

async function request(host: WorkerdHost, path: string): Promise<{ micros: number; status: number; bytes: number }> {
  const before = host.cpuNanos();
  const response = await fetch(`${host.url}${path}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  const bytes = (await response.arrayBuffer()).byteLength;
  return { micros: (host.cpuNanos() - before) / 1000, status: response.status, bytes };
}

/** A process's peak resident memory so far, MB (VmHWM); 0 once it is gone. */
function peakRssMB(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Renders every costly body `rounds` times in one warm workerd; the peak memory after start-up and at the end. */
async function renders(rows: HostileRow[], port: number, rounds: number): Promise<{ startedMB: number; peakMB: number; restarts: number }> {
  const storeDir = '.bench/store-hostile';
  writeStore(store(), storeDir);
  let host = await startWorkerd(port, storeDir);
  const startedMB = peakRssMB(host.pid);
  let peakMB = startedMB;
  let restarts = 0;
  // Sampled while requests run: a workerd that dies of a body takes its figure with it.
  const sampler = setInterval(() => {
    peakMB = Math.max(peakMB, peakRssMB(host.pid));
  }, 100);
  const filler = (i: number) => articlePath({ slug: slugOf('comum', i % FILLERS) });
  for (let i = 0; i < 50; i++) await request(host, filler(i)); // past V8's tiering
  for (let round = -1; round < rounds; round++) {
    for (const [i, row] of rows.entries()) {
      try {
        const result = await request(host, articlePath({ slug: slugOf('custoso', i) }));
        // Round -1 warms the paths these bodies take (the refusal, the settling), unmeasured.
        if (round < 0) continue;
        row.renders.push(result.micros);
        row.status = String(result.status);
        row.pageBytes = result.bytes;
      } catch (error) {
        // workerd died or did not answer in time: say so, and go on with a fresh one.
        row.status = `no answer (${error instanceof Error ? error.message : String(error)})`;
        host.stop();
        host = await startWorkerd(port, storeDir);
        restarts++;
      }
    }
    for (let i = 0; i < FILLERS; i++) await request(host, filler(i));
  }
  clearInterval(sampler);
  peakMB = Math.max(peakMB, peakRssMB(host.pid));
  host.stop();
  return { startedMB, peakMB, restarts };
}

/** `content:check` on a copy of the sample article holding the body, in a fresh process. */
function check(html: string): CheckRun {
  const root = mkdtempSync(join(tmpdir(), 'bench-hostile-'));
  try {
    const folder = join(root, 'corpo-custoso');
    copySample(SAMPLE, folder, { body: html });
    const started = performance.now();
    const run = spawnSync('tsx', ['scripts/bench/check/check-time.ts', folder], { encoding: 'utf8', timeout: TIMEOUT_MS });
    if (run.status === 0) return JSON.parse(run.stdout) as CheckRun;
    const reason = run.error
      ? `timed out after ${TIMEOUT_MS / 1000} s`
      : (/(Maximum call stack size exceeded|heap out of memory|[A-Z]\w*Error: [^\n]*)/.exec(run.stderr)?.[1] ?? `exit ${run.status}`);
    return {
      wallMs: performance.now() - started,
      cpuMs: Number.NaN,
      peakRssMB: Number.NaN,
      problems: 0,
      errors: 0,
      first: '',
      failed: reason,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The body sanitized in a Node process with a Worker's 128 MB heap (sanitize-heap.ts). */
function heap(html: string): HeapRun {
  const root = mkdtempSync(join(tmpdir(), 'bench-hostile-'));
  try {
    const file = join(root, 'body.html');
    writeFileSync(file, html);
    const run = spawnSync(process.execPath, ['--max-old-space-size=128', '--import', 'tsx', 'scripts/bench/check/sanitize-heap.ts', file], {
      encoding: 'utf8',
      timeout: TIMEOUT_MS,
    });
    if (run.status === 0) return JSON.parse(run.stdout) as HeapRun;
    const reason = run.error
      ? `timed out after ${TIMEOUT_MS / 1000} s`
      : /heap out of memory/.test(run.stderr)
        ? 'out of memory'
        : `exit ${run.status}`;
    return { outcome: `**${reason}**`, heapBeforeMB: Number.NaN, heapAfterMB: Number.NaN };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export async function benchHostileBodies({ port, rounds, checks }: { port: number; rounds: number; checks: number }) {
  const rows: HostileRow[] = COSTLY_BODIES.map((body) => ({
    name: body.name,
    bytes: Buffer.byteLength(body.html),
    status: '',
    renders: [],
    pageBytes: 0,
    check: [],
    heap: { outcome: '', heapBeforeMB: Number.NaN, heapAfterMB: Number.NaN },
  }));
  const memory = await renders(rows, port, rounds);
  for (const [i, row] of rows.entries()) {
    for (let run = 0; run < checks; run++) row.check.push(check(COSTLY_BODIES[i]!.html));
    row.heap = heap(COSTLY_BODIES[i]!.html);
  }
  return { rows, memory };
}
