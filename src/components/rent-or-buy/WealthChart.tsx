import { formatAxisMoney, formatBrl } from '#src/finance/format.ts';
import type { PathsYear } from '#src/finance/rent-or-buy.ts';
import { formatYears, yearTicks } from '../tools/year-axis';

/** The same drawing box as the simulator's chart (PayoffChart.tsx): about 1:1 on a phone. */
const WIDTH = 360;
const HEIGHT = 220;
const PLOT = { left: 78, right: 350, top: 12, bottom: 186 } as const;

/** Each path's line; the dash tells them apart without colour too (the simulator's two colours). */
const PATHS = {
  buyer: { name: 'Comprar', color: '#0f5c5a', dash: undefined },
  renter: { name: 'Alugar', color: '#b5462f', dash: '7 5' },
} as const;

type Path = keyof typeof PATHS;
const wealth = (year: PathsYear, path: Path) => (path === 'buyer' ? year.buyerWealth : year.renterWealth);

/**
 * Each path's wealth at the end of every year, from the down payment both
 * start with, as inline SVG drawn on the server (no chart script), named and
 * described for screen readers; the table below has every figure.
 */
export function WealthChart({ start, years }: { start: number; years: readonly PathsYear[] }) {
  const top = Math.max(start, ...years.flatMap((year) => [year.buyerWealth, year.renterWealth]), 1);
  const x = (year: number) => PLOT.left + ((PLOT.right - PLOT.left) * year) / years.length;
  const y = (cents: number) => PLOT.bottom - ((PLOT.bottom - PLOT.top) * cents) / top;
  const points = (path: Path) =>
    [
      `${x(0).toFixed(1)},${y(start).toFixed(1)}`,
      ...years.map((year) => `${x(year.year).toFixed(1)},${y(wealth(year, path)).toFixed(1)}`),
    ].join(' ');
  const marks = yearTicks(years.length).filter(Number.isInteger);
  const description = (['buyer', 'renter'] as const)
    .map((path) => {
      const parts = marks.filter((mark) => mark > 0).map((mark) => `no ano ${mark}, ${formatBrl(wealth(years[mark - 1]!, path))}`);
      return `${PATHS[path].name}: ${parts.join('; ')}.`;
    })
    .join(' ');
  return (
    <figure className="sim-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="aoc-grafico-titulo aoc-grafico-desc">
        <title id="aoc-grafico-titulo">Patrimônio de quem compra e de quem aluga, ano a ano</title>
        <desc id="aoc-grafico-desc">{description}</desc>
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line x1={PLOT.left} x2={PLOT.right} y1={y(top * share)} y2={y(top * share)} stroke="#e3ded4" />
            <text x={PLOT.left - 6} y={y(top * share) + 4} textAnchor="end" fontSize="12" fill="#545e66">
              {formatAxisMoney(Math.round(top * share))}
            </text>
          </g>
        ))}
        {marks.map((year) => (
          <text key={year} x={x(year)} y={PLOT.bottom + 16} textAnchor="middle" fontSize="12" fill="#545e66">
            {formatYears(year)}
          </text>
        ))}
        <text x={PLOT.right} y={HEIGHT - 2} textAnchor="end" fontSize="12" fill="#545e66">
          anos
        </text>
        {(['buyer', 'renter'] as const).map((path) => (
          <polyline
            key={path}
            points={points(path)}
            fill="none"
            stroke={PATHS[path].color}
            strokeWidth="2.5"
            strokeDasharray={PATHS[path].dash}
          />
        ))}
      </svg>
      <figcaption>
        Patrimônio ao fim de cada ano: <span className="sim-key sim-key-sac">comprar</span> em linha contínua,{' '}
        <span className="sim-key sim-key-price">alugar</span> em linha tracejada.
      </figcaption>
    </figure>
  );
}
