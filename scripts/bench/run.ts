/**
 * `npm run bench`: speed, measured (never asserted with timers in tests).
 * Offline, on this machine; prints one table and writes bench/RESULTS.md.
 *
 * 1. CPU per uncached render of the worker bundled as wrangler bundles it, in
 *    workerd and in Node: home, an article, a static page, at 20 and 100,000
 *    articles; median and p95 of warm renders, and cold isolates (the first
 *    request of a fresh process).
 * 2. Search at 100,000 articles (search/search.ts).
 * 3. The served path (served/served-path.ts, served/served.ts): the deploy bundle under wrangler dev, edge
 *    cache on and off, plus a no-op control worker sending the same bytes;
 *    autocannon in rounds on a static file, home, an article and /sobre cached
 *    and uncached, the worker floor and the control, each between two runs of
 *    the static file, with ratios to those static runs and the CPU per request of wrangler dev's processes; then a CPU
 *    profile of the worker serving each uncached page (served/profile.ts).
 * 4. Bytes (gzip) of HTML, CSS and JS, first visit and returning reader (served/bytes.ts).
 * 5. Lighthouse mobile, first visit at 4× CPU, side by side
 *    (lighthouse/lighthouse-part.ts, lighthouse/lighthouse-compare.ts): home, an article and a 30-year simulation,
 *    each beside its own bare markup, and two more controls, in turn, round after round,
 *    quiet and with the other core busy; medians and worst runs,
 *    with the LCP element. Long tasks are measured here, never in tests.
 * 6. The costly bodies of the hostile corpus (check/hostile.ts): each as
 *    an article's body, workerd CPU per render and the time of content:check.
 * 7. `content:check` of one ordinary article folder, the whole command as an
 *    editor runs it (check/check-command.ts): wall and CPU time, with
 *    nothing published locally and after a local publish.
 * 8. The newsroom (newsroom/newsroom.ts): the drafts list, a draft's page, an autosave,
 *    and publish → live through the newsroom's API (what `content:publish
 *    --remote` sends), with a reader's page as the control, in the same rounds.
 * 9. The WordPress import (import/import-part.ts): a generated export of
 *    1,000 posts with images through the newsroom's API, again when nothing
 *    changed, and the first pass alone over a 100 MB export; wall, CPU and
 *    peak memory.
 * 10. The speed targets beside this run's figures (targets.ts).
 *
 * BENCH_QUICK=1 shortens every part, BENCH_ONLY=cpu|search|served|lighthouse|hostile|check|newsroom|import runs one of
 * them (for trying the script, not for results: neither writes bench/RESULTS.md).
 */

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { checkCommand, hostileBodies } from './check/check-parts.ts';
import { snapshotDist } from './common/dist-snapshot.ts';
import { lines, out, QUICK } from './common/report.ts';
import { importPart } from './import/import-part.ts';
import { newsroom } from './newsroom/newsroom.ts';
import { renderCpu } from './render/render-cpu.ts';
import { search } from './search/search.ts';
import { buildDeployBundle } from './served/served.ts';
import { lighthouseAlone, servedPath } from './served/served-path.ts';
import { targets } from './targets.ts';

/** BENCH_ONLY=cpu runs part 1 alone, search part 2, served parts 3 to 5, lighthouse part 5, hostile part 6, check part 7 (for working on one; results need all). */
const ONLY = process.env.BENCH_ONLY;

async function main(): Promise<void> {
  // One build for the whole run, bundled at once: others edit the sources meanwhile.
  execFileSync('npm', ['run', 'build', '--silent', '--', '--logLevel', 'error'], { stdio: 'inherit' });
  snapshotDist();
  const deployBundle = buildDeployBundle();
  out(`# Benchmark results`);
  out();
  out(
    `${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.${QUICK ? ' QUICK RUN: not for comparison.' : ''}`,
  );
  out();
  if (!ONLY || ONLY === 'cpu') await renderCpu();
  if (!ONLY || ONLY === 'search') await search();
  if (!ONLY || ONLY === 'served') await servedPath(deployBundle);
  if (ONLY === 'lighthouse') await lighthouseAlone(deployBundle);
  if (!ONLY || ONLY === 'hostile') await hostileBodies();
  if (!ONLY || ONLY === 'check') checkCommand();
  if (!ONLY || ONLY === 'newsroom') await newsroom();
  if (!ONLY || ONLY === 'import') await importPart();
  if (!ONLY) targets();
  // A trial run (quick, or only one half) never replaces the recorded results.
  if (QUICK || ONLY) return;
  mkdirSync('bench', { recursive: true });
  writeFileSync('bench/RESULTS.md', `${lines.join('\n')}\n`);
  console.log('Written to bench/RESULTS.md');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
