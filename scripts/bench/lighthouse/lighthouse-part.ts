import { type ChildProcess, spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { ARTICLE, figures, median, out, QUICK, TOOL_RESULTS, table } from '../common/report.ts';
import { type CompareResult, compareFirstVisits, type Part, startControls } from './lighthouse-compare.ts';
import type { LighthouseSample } from './lighthouse-runs.ts';

const LIGHTHOUSE_ROUNDS = QUICK ? 1 : 5;
/** The Lighthouse part run alone (BENCH_ONLY=lighthouse), unless PORT names another. */
export const LIGHTHOUSE_PORT = 8927;

/** The home, an article and each reader's tool at its largest ordinary result (TOOL_RESULTS). */
export const LIGHTHOUSE_PAGES = [['home', '/'], ['article', ARTICLE], ...TOOL_RESULTS] as const;

/** The home's parts, each taken out alone in a control of its own. */
const DECOMPOSED: readonly Part[] = ['speculation rules', 'scripts', 'styles'];

/** A page's bare-markup control, by the page's name. */
export const bareName = (page: string) => `control: the ${page}’s own markup, no stylesheet or script`;

/**
 * The home's bare markup measured a second time in the same rounds: what the very
 * same markup differs from itself, the machine's own noise in each target's terms.
 */
export const BARE_AGAIN = `${bareName('home')}, again`;

/**
 * The two conditions every page is measured in: a quiet machine, and one whose
 * other core a second process keeps busy, as a reader's phone is never quiet.
 */
export const CONDITIONS = ['quiet', 'other core busy'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** The targets: a page within these of its own bare markup, in the same rounds, and a perfect median score. */
export const TARGETS = { tbtMedian: 20, tbtWorst: 50, lcpMedian: 50, score: 100 };

/** A process that keeps one core busy until killed. */
const busyCore = (): ChildProcess => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });

/**
 * Part 5: Lighthouse mobile, first visits at 4× CPU, each page beside its own
 * markup without stylesheet or script and two more controls, all served alike
 * through one gzip proxy (lighthouse-compare.ts), in turn within each round;
 * the rounds once on a quiet machine and once with the other core busy.
 */
export async function lighthouseRuns(base: string): Promise<void> {
  const controls = await startControls(base);
  try {
    const targets = [
      ...LIGHTHOUSE_PAGES.flatMap(([name, path]) => [
        { name, url: controls.page(path) },
        { name: bareName(name), url: controls.bare(path) },
      ]),
      // The home taken apart, one part at a time, to tell what costs what beside the page and its bare markup.
      ...DECOMPOSED.map((part) => ({ name: `home without its ${part}`, url: controls.without('/', [part]) })),
      { name: BARE_AGAIN, url: controls.bare('/') },
      ...controls.targets,
    ];
    for (const condition of CONDITIONS) {
      const burner = condition === 'quiet' ? null : busyCore();
      try {
        const { results, loads } = await compareFirstVisits(targets, LIGHTHOUSE_ROUNDS, 4);
        for (const { name, samples } of results) figures.lighthouse.set(`${condition}: ${name}`, samples);
        report(condition, results, loads);
      } finally {
        burner?.kill();
      }
    }
  } finally {
    controls.server.close();
  }
}

function report(condition: Condition, results: CompareResult[], loads: number[]) {
  const s = (ms: number) => (ms / 1000).toFixed(2);
  out(`### Lighthouse, mobile, first visit, each page beside its own bare markup: ${condition}`);
  out(
    `Each page a first visit in a fresh Chrome (nothing cached, no consent stored: the cookie banner shows), simulated slow 4G and 4× CPU slowdown, the uncached worker behind a gzip proxy that also serves the controls (scripts/bench/lighthouse/lighthouse-compare.ts): each page's own markup with no stylesheet or script (the home's twice, to show what the same markup differs from itself), an empty page, and the article's main image alone; all in turn within a round, ${LIGHTHOUSE_ROUNDS} rounds${condition === 'quiet' ? '' : ', with a second process keeping the other core busy'}. Medians and the worst run of each. Load average (1 min) at the start of each round, on ${cpus().length} cores: ${loads.map((l) => l.toFixed(2)).join(', ')}.`,
  );
  out();
  table(
    [
      'page',
      'runs',
      'performance median / worst',
      'LCP s median / worst',
      'FCP s median',
      'TBT ms median / worst',
      'TBT ms, each run',
      'CLS worst',
      'LCP element',
    ],
    results.map(({ name, samples, failed }) => {
      // Why each run failed, by Lighthouse's error code (NO_FCP, PROTOCOL_TIMEOUT…), so a failure is never only a count.
      const failures = failed.length > 0 ? ` (+${failed.length} failed: ${failed.join(', ')})` : '';
      if (samples.length === 0) return [name, `0${failures}`, '', '', '', '', '', '', ''];
      const pick = (f: (x: LighthouseSample) => number) => samples.map(f);
      const elements = new Map<string, number>();
      for (const x of samples) elements.set(x.lcpElement, (elements.get(x.lcpElement) ?? 0) + 1);
      return [
        name,
        `${samples.length}${failures}`,
        `${median(pick((x) => x.score))} / ${Math.min(...pick((x) => x.score))}`,
        `${s(median(pick((x) => x.lcp)))} / ${s(Math.max(...pick((x) => x.lcp)))}`,
        s(median(pick((x) => x.fcp))),
        `${median(pick((x) => x.tbt)).toFixed(0)} / ${Math.max(...pick((x) => x.tbt)).toFixed(0)}`,
        pick((x) => x.tbt)
          .map((t) => t.toFixed(0))
          .join(', '),
        Math.max(...pick((x) => x.cls)).toFixed(3),
        [...elements].map(([element, count]) => `${element} ×${count}`).join('; '),
      ];
    }),
  );
}

/**
 * A page against its bare markup in one condition (or any measured target against
 * another): the differences the targets judge, undefined when either was not measured.
 */
export function againstBare(condition: Condition, page: string, bareTarget = bareName(page)) {
  const samples = figures.lighthouse.get(`${condition}: ${page}`);
  const bare = figures.lighthouse.get(`${condition}: ${bareTarget}`);
  if (!samples?.length || !bare?.length) return undefined;
  const tbt = (xs: readonly { tbt: number }[]) => xs.map((x) => x.tbt);
  return {
    tbtMedian: median(tbt(samples)) - median(tbt(bare)),
    tbtWorst: Math.max(...tbt(samples)) - Math.max(...tbt(bare)),
    lcpMedian: median(samples.map((x) => x.lcp)) - median(bare.map((x) => x.lcp)),
    score: median(samples.map((x) => x.score)),
  };
}
