/**
 * What every part of the bench shares: the switches (BENCH_QUICK), the
 * Markdown the run prints and writes to bench/RESULTS.md, the statistics,
 * and the figures the targets table checks, filled in as the parts run.
 */
import getPort, { portNumbers } from 'get-port';

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

/** The simulator's heaviest common result: 30 years, both systems side by side. */
export const SIMULATION_30_YEARS = '/simulador-de-financiamento?valor=500000&entrada=100000&juros=11&prazo=30&unidade=anos&sistema=ambos';

/**
 * The reader's tools, each at its largest ordinary result, side by side in the
 * bytes and Lighthouse parts: the simulator's 30-year schedule of both systems
 * (docs/speed.md), a 30-year rent-or-buy comparison (30 yearly rows, the chart)
 * and the costs of buying with the SFH's first-home rules.
 */
export const TOOL_RESULTS = [
  ['simulator, 30-year result', SIMULATION_30_YEARS],
  [
    'rent or buy, 30-year result',
    '/alugar-ou-comprar?valor=500000&aluguel=2500&entrada=100000&juros=11.5&prazo=30&sistema=sac&reajuste=4.5&valorizacao=4.5&rendimento=8&condominio=600&iptu=150&encargos=ambos&horizonte=30',
  ],
  ['costs of buying, result', '/custos-da-compra?valor=500000&financiado=400000&cidade=sao-paulo&sfh=sim&avaliacao=3500&tarifas=1000'],
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
