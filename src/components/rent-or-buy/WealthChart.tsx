import { formatBrl } from '#src/finance/format.ts';
import type { PathsYear } from '#src/finance/rent-or-buy.ts';
import { LineChart } from '../tools/LineChart';
import { yearTicks } from '../tools/year-axis';

/** Each path's name and line (the buyer solid, the renter dashed), as the caption says. */
const PATHS = {
  buyer: { name: 'Comprar', stroke: 'solid' },
  renter: { name: 'Alugar', stroke: 'dashed' },
} as const;

type Path = keyof typeof PATHS;
const wealth = (year: PathsYear, path: Path) => (path === 'buyer' ? year.buyerWealth : year.renterWealth);

/**
 * Each path's wealth at the end of every year, from the down payment both
 * start with (src/components/tools/LineChart.tsx); the table below has every figure.
 */
export function WealthChart({ start, years }: { start: number; years: readonly PathsYear[] }) {
  const top = Math.max(start, ...years.flatMap((year) => [year.buyerWealth, year.renterWealth]), 1);
  const marks = yearTicks(years.length).filter(Number.isInteger);
  const description = (['buyer', 'renter'] as const)
    .map((path) => {
      const parts = marks.filter((mark) => mark > 0).map((mark) => `no ano ${mark}, ${formatBrl(wealth(years[mark - 1]!, path))}`);
      return `${PATHS[path].name}: ${parts.join('; ')}.`;
    })
    .join(' ');
  return (
    <figure className="sim-chart">
      <LineChart
        ids={{ title: 'aoc-grafico-titulo', desc: 'aoc-grafico-desc' }}
        title="Patrimônio de quem compra e de quem aluga, ano a ano"
        description={description}
        top={top}
        years={years.length}
        marks={marks}
        lines={(['buyer', 'renter'] as const).map((path) => ({
          key: path,
          stroke: PATHS[path].stroke,
          points: [[0, start] as const, ...years.map((year) => [year.year, wealth(year, path)] as const)],
        }))}
      />
      <figcaption>
        Patrimônio ao fim de cada ano: <span className="sim-key sim-key-sac">comprar</span> em linha contínua,{' '}
        <span className="sim-key sim-key-price">alugar</span> em linha tracejada.
      </figcaption>
    </figure>
  );
}
