import { figures, median, out, table } from './common/report.ts';
import { IMAGE_ALONE } from './lighthouse/lighthouse-compare.ts';
import { againstBare, BARE_AGAIN, bareName, CONDITIONS, LIGHTHOUSE_PAGES, TARGETS } from './lighthouse/lighthouse-part.ts';
import { CONTROL_HOME, SERVED_PAGES } from './served/served-path.ts';

/** Part 9: each speed target beside the figure this run measured. */
export function targets(): void {
  const rows: string[][] = [];
  const check = (what: string, target: string, value: number | undefined, digits: number, met: (v: number) => boolean) =>
    rows.push([
      what,
      target,
      value === undefined ? 'not measured' : value.toFixed(digits),
      value === undefined ? '–' : met(value) ? 'met' : 'NOT met',
    ]);
  for (const [page] of SERVED_PAGES) {
    check(`uncached ${page}, ratio to static`, '≥ 0.50', figures.ratios.get(`uncached ${page}`), 3, (v) => v >= 0.5);
  }
  for (const [page] of SERVED_PAGES) {
    check(`cached ${page}, ratio to static`, '≥ 0.85', figures.ratios.get(`cached ${page}`), 3, (v) => v >= 0.85);
  }
  // What the cached rows are up against: the same bytes from a worker that does nothing.
  const floor = figures.ratios.get(CONTROL_HOME);
  rows.push([
    'for comparison: a no-op worker sending the home page’s bytes, ratio to static',
    '(the floor of any worker under wrangler dev)',
    floor === undefined ? 'not measured' : floor.toFixed(3),
    '–',
  ]);
  for (const [count, cpu] of figures.homeCpu) {
    check(`workerd CPU per uncached home, ${count.toLocaleString('en')} articles (median, ms)`, '≤ 1.00', cpu, 2, (v) => v <= 1);
  }
  // Each page judged against its own markup without stylesheet or script, in the same rounds (lighthouse-part.ts).
  for (const condition of CONDITIONS) {
    for (const [page] of LIGHTHOUSE_PAGES) {
      const versus = againstBare(condition, page);
      const what = `Lighthouse, ${page}, ${condition}`;
      check(
        `${what}: TBT median, minus its bare markup's (ms)`,
        `≤ ${TARGETS.tbtMedian}`,
        versus?.tbtMedian,
        0,
        (v) => v <= TARGETS.tbtMedian,
      );
      check(
        `${what}: TBT worst run, minus its bare markup's (ms)`,
        `≤ ${TARGETS.tbtWorst}`,
        versus?.tbtWorst,
        0,
        (v) => v <= TARGETS.tbtWorst,
      );
      check(
        `${what}: LCP median, minus its bare markup's (ms)`,
        `≤ ${TARGETS.lcpMedian}`,
        versus?.lcpMedian,
        0,
        (v) => v <= TARGETS.lcpMedian,
      );
      check(`${what}: performance, median`, `${TARGETS.score}`, versus?.score, 0, (v) => v >= TARGETS.score);
    }
    // What the targets are up against: the same markup measured twice in the same rounds. Either copy could
    // have come second, so the difference counts either way: a page's miss smaller than this is the machine's.
    const itself = againstBare(condition, BARE_AGAIN, bareName('home'));
    const noise = (what: string, value: number | undefined, target: number) =>
      rows.push([
        `for comparison: the home’s bare markup against itself, ${condition}: ${what}, either way (ms)`,
        `(the machine’s noise; a page is held to ≤ ${target})`,
        value === undefined ? 'not measured' : Math.abs(value).toFixed(0),
        value === undefined ? '–' : Math.abs(value) <= target ? 'within' : 'outside',
      ]);
    noise('TBT median difference', itself?.tbtMedian, TARGETS.tbtMedian);
    noise('TBT worst run difference', itself?.tbtWorst, TARGETS.tbtWorst);
    noise('LCP median difference', itself?.lcpMedian, TARGETS.lcpMedian);
  }
  const alone = figures.lighthouse.get(`quiet: ${IMAGE_ALONE}`);
  rows.push([
    'for comparison: the article’s main image alone on a page, LCP (median, ms)',
    '(the floor of an image’s LCP in the simulation)',
    alone ? median(alone.map((x) => x.lcp)).toFixed(0) : 'not measured',
    '–',
  ]);
  const { hostile } = figures;
  check('costliest hostile body: workerd CPU per render (median, ms)', '≤ 50', hostile?.renderMs, 1, (v) => v <= 50);
  check('costliest hostile body: content:check (median, s)', '≤ 2.00', hostile?.checkS, 2, (v) => v <= 2);
  for (const [state, seconds] of figures.checkCommand ?? new Map([['(not run)', undefined]])) {
    check(`npm run content:check of one article folder, ${state} (median wall, s)`, '≤ 3.00', seconds, 2, (v) => v <= 3);
  }
  rows.push([
    'every hostile body checked with a report',
    'yes',
    hostile ? (hostile.allReported ? 'yes' : 'no') : 'not measured',
    hostile ? (hostile.allReported ? 'met' : 'NOT met') : '–',
  ]);
  out('### Targets');
  out();
  table(['what', 'target', 'this run', ''], rows);
}
