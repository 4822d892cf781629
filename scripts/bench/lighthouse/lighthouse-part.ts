import { cpus } from 'node:os';
import { ARTICLE, figures, median, out, QUICK, table } from '../common/report.ts';
import { compareFirstVisits, startControls } from './lighthouse-compare.ts';
import type { LighthouseSample } from './lighthouse-runs.ts';

const LIGHTHOUSE_ROUNDS = QUICK ? 1 : 5;
/** The Lighthouse part run alone (BENCH_ONLY=lighthouse), unless PORT names another. */
export const LIGHTHOUSE_PORT = 8927;

/** The simulator's largest page: a 30-year schedule of both systems (docs/speed.md). */
const SIMULATION_30_YEARS = '/simulador-de-financiamento?valor=500000&entrada=100000&juros=11&prazo=30&unidade=anos&sistema=ambos';
export const LIGHTHOUSE_PAGES = [
  ['home', '/'],
  ['article', ARTICLE],
  ['simulator, 30-year result', SIMULATION_30_YEARS],
] as const;
/** The pages with an LCP target besides the TBT and score targets every Lighthouse page has. */
export const LCP_PAGES = ['home', 'article'];

/** Part 5: Lighthouse mobile, first visits at 4× CPU, the pages and three controls side by side. */
export async function lighthouseRuns(base: string): Promise<void> {
  const controls = await startControls(base);
  try {
    const site = LIGHTHOUSE_PAGES.map(([name, path]) => ({ name, url: `${base}${path}` }));
    const { results, loads } = await compareFirstVisits([...site, ...controls.targets], LIGHTHOUSE_ROUNDS, 4);
    for (const { name, samples } of results) figures.lighthouse.set(name, samples);
    const s = (ms: number) => (ms / 1000).toFixed(2);
    out('### Lighthouse, mobile, first visit, side by side with controls');
    out(
      `Each page a first visit in a fresh Chrome (nothing cached, no consent stored: the cookie banner shows), simulated slow 4G and 4× CPU slowdown, the uncached worker; the pages and three controls (scripts/bench/lighthouse/lighthouse-compare.ts: the home's own markup with no stylesheet or script, an empty page, and the article's main image alone, preloaded as the article does) in turn within a round, ${LIGHTHOUSE_ROUNDS} rounds. Medians and the worst run of each. Load average (1 min) at the start of each round, on ${cpus().length} cores: ${loads.map((l) => l.toFixed(2)).join(', ')}.`,
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
        const pick = (f: (x: LighthouseSample) => number) => samples.map(f);
        const elements = new Map<string, number>();
        for (const x of samples) elements.set(x.lcpElement, (elements.get(x.lcpElement) ?? 0) + 1);
        return [
          name,
          `${samples.length}${failed > 0 ? ` (+${failed} failed)` : ''}`,
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
  } finally {
    controls.server.close();
  }
}
