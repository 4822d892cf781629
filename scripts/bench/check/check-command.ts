/**
 * `content:check` of one ordinary article folder, as an editor runs it: the
 * whole command (`npm run content:check -- content/<slug>`: npm, tsx's
 * start-up, loading the check, reading the live list and authors, checking
 * the folder, printing), wall time, in a fresh process each run: what an
 * editor waits, judged against its target in ../targets.ts.
 *
 * Two states of the checkout, each in a scratch directory holding links to
 * this one's package.json, node_modules, content/ and wrangler.toml (so
 * the runs never touch this checkout's own local store):
 * - "nothing published locally": no .wrangler/state, so the check compares
 *   with the bundled content (a fresh clone, or before the first publish);
 * - "after a local publish": one article published with `content:publish
 *   --local` (a local worker started for it, on a port of the scratch
 *   checkout's own), so the check compares with the local site's live list
 *   and authors, as it does once an editor has published anything. The
 *   publish leaves the live list it read back for the check
 *   (scripts/content/check/check-context.ts), which then asks nothing while
 *   the store's files are unchanged; the first run is reported apart all the same.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface CheckCommandRow {
  state: string;
  /** The first run (wall and CPU, ms), shown apart: the disk's and tsx's caches are cold for it. */
  first: { ms: number; cpuMs: number };
  /** Wall time of each run after it, ms. */
  runs: number[];
  /** CPU time (user + system) of each run's processes, ms: what the command costs, whatever else the machine runs. */
  cpu: number[];
  /** The command's first line of output (where it read the live list from). */
  source: string;
}

const FOLDER = 'content/como-decorar-apartamentos-pequenos';

/** GNU time's report of the whole command's CPU (npm, tsx, node and what they wait for): user and system seconds. */
const CPU_LINE = /^BENCH-CPU (\S+) (\S+)$/m;

/** A port nothing listens on now: the scratch checkout's local site, never the one a developer's `npm start` serves. */
const freePort = () =>
  spawnSync(process.execPath, ['-e', "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})"], {
    encoding: 'utf8',
  }).stdout.trim();

function run(cwd: string, args: string[], port: string): { ms: number; cpuMs: number; output: string; status: number | null } {
  const started = performance.now();
  const result = spawnSync('/usr/bin/time', ['-f', 'BENCH-CPU %U %S', 'npm', 'run', '--silent', ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, PORT: port },
  });
  const cpu = CPU_LINE.exec(result.stderr ?? '');
  return {
    ms: performance.now() - started,
    cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : Number.NaN,
    output: `${result.stdout}${(result.stderr ?? '').replace(CPU_LINE, '')}`,
    status: result.status,
  };
}

export function benchCheckCommand({ runs }: { runs: number }): CheckCommandRow[] {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-check-'));
  const port = freePort();
  try {
    for (const name of [
      'package.json',
      'tsconfig.json',
      'node_modules',
      'content',
      'scripts',
      'src',
      'shared',
      'wrangler.toml',
      'migrations',
      // The built site, which the local worker a command starts serves.
      'dist',
    ]) {
      symlinkSync(resolve(name), join(scratch, name));
    }
    const measure = (state: string): CheckCommandRow => {
      // One run first: the disk cache and tsx's transform cache, as on an editor's machine after the first command.
      const first = run(scratch, ['content:check', '--', FOLDER], port);
      const times: number[] = [];
      const cpu: number[] = [];
      let source = '';
      for (let i = 0; i < runs; i++) {
        const { ms, cpuMs, output, status } = run(scratch, ['content:check', '--', FOLDER], port);
        if (status !== 0) throw new Error(`content:check failed (${status}):\n${output}`);
        times.push(ms);
        cpu.push(cpuMs);
        source = output.split('\n')[0] ?? '';
      }
      return { state, first: { ms: first.ms, cpuMs: first.cpuMs }, runs: times, cpu, source };
    };
    const rows = [measure('nothing published locally')];
    // A new article (a sample under another slug and title), so the publish writes the local store.
    const draft = join(scratch, 'rascunhos', 'bench-artigo-novo');
    cpSync(FOLDER, draft, { recursive: true });
    const index = join(draft, 'index.md');
    writeFileSync(index, readFileSync(index, 'utf8').replace(/^titulo: .*$/m, 'titulo: Um artigo novo publicado pelo benchmark'));
    const published = run(scratch, ['content:publish', '--', '--local', 'rascunhos/bench-artigo-novo'], port);
    if (published.status !== 0) throw new Error(`content:publish --local failed:\n${published.output}`);
    rows.push(measure('after a local publish'));
    return rows;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
