/**
 * Search at 100,000 articles: `benchSearch()` fills a local D1 with generated
 * articles (the same statements the editors' commands use, src/search/index-sql.ts),
 * runs the bundled worker on it in workerd (through Miniflare, which provides
 * D1 the way `wrangler dev` does), and times `/busca` for a few kinds of
 * search. Per search it reports the median of a few runs, each after a warm-up:
 *
 * - `wallMs`: the whole request, as the bench's client sees it;
 * - `cpuMs`: every workerd thread's on-CPU time across the request
 *   (/proc schedstat, as scripts/bench/common/workerd-host.ts measures), which here
 *   includes D1's own SQLite work (locally D1 runs inside the same workerd;
 *   on Cloudflare it runs beside the worker and is not billed as its CPU);
 * - `sqlMs`: D1's own duration for the page's two statements (meta.duration).
 *
 * Needs `vite build` first (the worker imports the client manifest). About a
 * minute, offline. Called by scripts/bench/run.ts; `npx tsx scripts/bench/search/search.ts`
 * prints the figures alone.
 */
import { readD1Migrations } from '@cloudflare/vitest-plugin';
import { PAGE_SIZE } from '../../../src/lib/pagination.ts';
import { COUNT_SQL, DELETE_ALL, PAGE_SQL, type SearchDocument, sortKeyBound, UPSERT_DOCUMENTS } from '../../../src/search/index-sql.ts';
import { parseSearchQuery } from '../../../src/search/query.ts';
import { scratchWorker } from '../../lib/local-bindings.ts';
import { BENCH_VARS } from '../common/fake-env.ts';
import { commandLine, processTree, threadsCpuNanos } from '../common/process-cpu.ts';
import { median, out, QUICK } from '../common/report.ts';
import { bundleWorker } from '../common/worker-bundle.ts';
import { generatedSearchDocument } from './search-documents.ts';

export interface SearchBenchRow {
  /** What the search is meant to show. */
  label: string;
  path: string;
  /** How many articles match. */
  matches: number;
  wallMs: number;
  cpuMs: number;
  sqlMs: number;
}

export interface SearchBenchResult {
  articles: number;
  /** Time to write the whole index, 1,000 documents a statement. */
  indexSeconds: number;
  runs: number;
  rows: SearchBenchRow[];
}

const DAY = 86_400_000;
const START = Date.UTC(1740, 0, 1);
/** Article i, dated a day after article i - 1. */
const generated = (i: number): SearchDocument => {
  const published = START + i * DAY;
  return generatedSearchDocument(i, { published, data: new Date(published).toISOString().slice(0, 10), version: 'bench' });
};

/** The searches measured: one article, a seventh, nearly all, two words, a deep page, a short prefix, nothing. */
const SEARCHES: { label: string; q: string; pagina?: number }[] = [
  { label: 'one article (its own word)', q: 'código54321' },
  { label: 'a seventh of the archive', q: 'financiamento' },
  { label: 'two words, accents off', q: 'decoracao juros' },
  { label: 'nearly every article', q: 'mercado' },
  { label: 'the last page the pager reaches', q: 'financiamento', pagina: 50 },
  { label: 'a two-letter prefix', q: 'ar' },
  { label: 'nothing found', q: 'xilogravura' },
];

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/** The workerd processes Miniflare started for this bench (children of this process that were not there before). */
function workerdPids(before: ReadonlySet<number>): number[] {
  return processTree(process.pid).filter((pid) => !before.has(pid) && /workerd/.test(commandLine(pid)));
}

export async function benchSearch({ count = 100_000, runs = 5 } = {}): Promise<SearchBenchResult> {
  const script = await bundleWorker();
  const before = new Set(processTree(process.pid));
  // /busca reads neither the news store nor the static assets.
  const mf = await scratchWorker(script, BENCH_VARS);
  try {
    const db = await mf.getD1Database('DB', 'main');
    for (const migration of await readD1Migrations('migrations')) {
      for (const query of migration.queries) await db.prepare(query).run();
    }
    await db.batch(DELETE_ALL.map((sql) => db.prepare(sql)));
    const started = performance.now();
    for (let start = 0; start < count; start += 1_000) {
      const json = JSON.stringify(Array.from({ length: Math.min(1_000, count - start) }, (_, i) => generated(start + i)));
      await db.batch(UPSERT_DOCUMENTS.map((sql) => db.prepare(sql).bind(json)));
    }
    const indexSeconds = (performance.now() - started) / 1000;

    const pids = workerdPids(before);
    const cpuNanos = () => pids.reduce((sum, pid) => sum + threadsCpuNanos(pid), 0);
    const rows: SearchBenchRow[] = [];
    for (const { label, q, pagina } of SEARCHES) {
      const path = `/busca?q=${encodeURIComponent(q)}${pagina ? `&pagina=${pagina}` : ''}`;
      const walls: number[] = [];
      const cpus: number[] = [];
      const sqls: number[] = [];
      let matches = 0;
      for (let run = 0; run <= runs; run++) {
        const cpuBefore = cpuNanos();
        const t0 = performance.now();
        const response = await mf.dispatchFetch(`http://localhost${path}`);
        const html = await response.text();
        const wall = performance.now() - t0;
        const cpu = (cpuNanos() - cpuBefore) / 1e6;
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        matches = Number(/([\d.]+) notícias? encontradas?/.exec(html)?.[1]?.replaceAll('.', '') ?? 0);
        // The statements the page runs, straight to D1: its own duration for them.
        const query = parseSearchQuery(q);
        const match = query.kind === 'terms' ? query.match : '';
        const bound = sortKeyBound(Date.now());
        const [counted, paged] = await db.batch([
          db.prepare(COUNT_SQL).bind(match, bound),
          db.prepare(PAGE_SQL).bind(match, bound, PAGE_SIZE, ((pagina ?? 1) - 1) * PAGE_SIZE),
        ]);
        // The first run warms the isolate and SQLite's page cache up: not counted.
        if (run === 0) continue;
        walls.push(wall);
        cpus.push(cpu);
        sqls.push((counted?.meta.duration ?? 0) + (paged?.meta.duration ?? 0));
      }
      rows.push({ label, path, matches, wallMs: round(median(walls)), cpuMs: round(median(cpus)), sqlMs: round(median(sqls)) });
    }
    return { articles: count, indexSeconds: round(indexSeconds), runs, rows };
  } finally {
    await mf.dispose();
  }
}

/** The figures as a Markdown table, for bench/RESULTS.md. */
export function searchTable({ articles, indexSeconds, runs, rows }: SearchBenchResult): string {
  return [
    `Search at ${articles.toLocaleString('en')} articles (index written in ${indexSeconds} s; median of ${runs} runs after a warm-up; CPU includes local D1's SQLite work):`,
    '',
    '| search | path | matches | wall ms | workerd CPU ms | D1 SQL ms |',
    '|---|---|---:|---:|---:|---:|',
    ...rows.map(
      (row) => `| ${row.label} | \`${row.path}\` | ${row.matches.toLocaleString('en')} | ${row.wallMs} | ${row.cpuMs} | ${row.sqlMs} |`,
    ),
  ].join('\n');
}

/** Part 2: search at 100,000 articles (scripts/bench/search/search.ts): /busca on a local D1, in workerd. */
export async function search(): Promise<void> {
  out('### Search');
  out(searchTable(await benchSearch({ runs: QUICK ? 2 : 5 })));
  out();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(searchTable(await benchSearch()));
}
