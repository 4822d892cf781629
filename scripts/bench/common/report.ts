/**
 * What every part of the bench shares: the switches (BENCH_QUICK), the
 * Markdown the run prints and writes to bench/RESULTS.md, the statistics,
 * and the figures the targets table checks, filled in as the parts run.
 */
import getPort, { portNumbers } from 'get-port';
import { COSTS_OF_BUYING, RENT_OR_BUY_30_YEARS, SIMULATION_30_YEARS } from '../../lib/tool-results.ts';

export const QUICK = process.env.BENCH_QUICK === '1';

export const median = (values: number[]) => quantile(values, 0.5);
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
export const ms = (micros: number) => (micros / 1000).toFixed(2);
/** Every line printed so far: bench/RESULTS.md. */
export const lines: string[] = [];
export const out = (line = '') => {
  console.log(line);
  lines.push(line);
};
export function table(header: string[], rows: string[][]): void {
  out(`| ${header.join(' | ')} |`);
  out(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) out(`| ${row.join(' | ')} |`);
  out();
}

/** The sample article the served and Lighthouse parts load. */
export const ARTICLE = '/noticia/como-decorar-apartamentos-pequenos';

/** The tools' results the bytes and Lighthouse parts load, side by side (scripts/lib/tool-results.ts). */
export const TOOL_RESULTS = [
  ['simulator, 30-year result', SIMULATION_30_YEARS],
  ['rent or buy, 30-year result', RENT_OR_BUY_30_YEARS],
  ['costs of buying, result', COSTS_OF_BUYING],
] as const;

/** A free port for one more workerd of the run (the render and hostile parts start many, one after another). */
export const workerdPort = () => getPort({ port: portNumbers(9400, 9999) });

/** Figures the targets table at the end checks, filled in as the parts run. */
export const figures: {
  ratios: Map<string, number>;
  homeCpu: Map<number, number>;
  /** Lighthouse first visits at 4× of each page and control, by name. */
  lighthouse: Map<string, { score: number; lcp: number; tbt: number }[]>;
  /** The costly bodies: the largest median render CPU (ms) and check time (s), and whether every check reported. */
  hostile?: { renderMs: number; checkS: number; allReported: boolean };
  /** content:check of one ordinary folder, the whole command: the median wall time (s) of each state. */
  checkCommand?: Map<string, number>;
} = { ratios: new Map(), homeCpu: new Map(), lighthouse: new Map() };
