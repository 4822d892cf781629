import { loadavg } from 'node:os';
import { BENCH_DIST } from '../common/dist-snapshot.ts';
import { figures, median, ms, out, QUICK, table, workerdPort } from '../common/report.ts';
import { bundleWorker } from '../common/worker-bundle.ts';
import { benchCheckCommand } from './check-command.ts';
import { benchHostileBodies } from './hostile.ts';

/** Part 6: the costly bodies of the hostile corpus (scripts/bench/check/hostile.ts): render CPU in workerd, and content:check. */
export async function hostileBodies(): Promise<void> {
  const rounds = QUICK ? 2 : 7;
  const checks = QUICK ? 1 : 3;
  await bundleWorker(BENCH_DIST);
  const { rows, memory } = await benchHostileBodies({ port: await workerdPort(), rounds, checks });
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

/** Part 7: content:check of one ordinary folder, the whole command (scripts/bench/check/check-command.ts). */
export function checkCommand(): void {
  const runs = QUICK ? 2 : 5;
  const rows = benchCheckCommand({ runs });
  const s = (ms: number) => (ms / 1000).toFixed(2);
  out('### content:check of one article folder');
  out(
    `\`npm run content:check -- content/como-decorar-apartamentos-pequenos\` as an editor types it: npm, tsx's start-up, loading the check, reading the live list and authors, checking the folder, printing; ${runs} runs after one, each a fresh process, in a scratch directory linked to this checkout; the first run (after the publish, it finds the live list the publish left behind; a store another program changed is asked of the local site, started for the check when \`npm start\` is not running; \`scripts/content/check/check-context.ts\`) is shown apart. **Wall**: what the editor waits. **CPU**: user + system time of the command's processes (GNU time), which does not grow when other work shares the machine. Load average at the start: ${loadavg()[0]!.toFixed(1)}. Target: ≤ 3 s.`,
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
