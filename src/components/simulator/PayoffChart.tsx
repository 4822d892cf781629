import type { Schedule } from '#src/finance/amortization.ts';
import { formatAxisMoney, formatBrl } from '#src/finance/format.ts';
import { formatYears, yearTicks } from '../tools/year-axis';

/** The drawing's own units; the SVG scales to its box (CSS), about 1:1 on a phone. */
const WIDTH = 360;
const HEIGHT = 220;
const PLOT = { left: 78, right: 350, top: 12, bottom: 186 } as const;
/**
 * At most this many points per line: both lines are smooth, and a chord of
 * a few months is within a pixel of the curve even on a wide screen. A
 * 30-year schedule drawn at 120 points a line added 1.5 KB (gzip) to the page
 * and pushed its HTML past a new connection's first round trip (docs/speed.md).
 */
const MAX_POINTS = 48;

export const SYSTEM_NAMES = { sac: 'SAC', price: 'Price' } as const;

/** How each system's line is drawn; the dash tells them apart without colour too. */
const STROKES = { sac: { color: '#0f5c5a', dash: undefined }, price: { color: '#b5462f', dash: '7 5' } } as const;

/** The balance owed after each month, from the financed amount at month 0 to 0. */
const balances = (schedule: Schedule) => [schedule.principal, ...schedule.rows.map((row) => row.balance)];

function linePoints(schedule: Schedule): string {
  const values = balances(schedule);
  const months = values.length - 1;
  const step = Math.max(1, Math.ceil(months / MAX_POINTS));
  const x = (month: number) => PLOT.left + ((PLOT.right - PLOT.left) * month) / months;
  const y = (cents: number) => PLOT.bottom - ((PLOT.bottom - PLOT.top) * cents) / schedule.principal;
  const point = (month: number) => `${x(month).toFixed(1)},${y(values[month]!).toFixed(1)}`;
  const points: string[] = [];
  for (let month = 0; month < months; month += step) points.push(point(month));
  points.push(point(months));
  return points.join(' ');
}

/** What the chart shows, in words: the balance every few years, for readers who cannot see it. */
function chartDescription(schedules: readonly Schedule[]): string {
  const months = schedules[0]!.rows.length;
  const marks = yearTicks(months / 12).map((year) => Math.round(year * 12));
  return schedules
    .map((schedule) => {
      const values = balances(schedule);
      const parts = marks.map((month) => `${month === 0 ? 'no início' : `após ${month} meses`}, ${formatBrl(values[month] ?? 0)}`);
      return `${SYSTEM_NAMES[schedule.system]}: ${parts.join('; ')}.`;
    })
    .join(' ');
}

/**
 * The balance owed month by month, one line per system, as inline SVG: drawn
 * on the server, no chart script. Named and described for screen readers
 * (role="img" with its title and a description giving the balance every few
 * years); the table below has every figure.
 */
export function PayoffChart({ schedules }: { schedules: readonly Schedule[] }) {
  const principal = schedules[0]!.principal;
  const months = schedules[0]!.rows.length;
  const names = schedules.map((schedule) => SYSTEM_NAMES[schedule.system]).join(' e ');
  const x = (year: number) => (PLOT.left + ((PLOT.right - PLOT.left) * year * 12) / months).toFixed(1);
  return (
    <figure className="sim-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="sim-grafico-titulo sim-grafico-desc">
        <title id="sim-grafico-titulo">{`Saldo devedor ao longo do tempo (${names})`}</title>
        <desc id="sim-grafico-desc">{chartDescription(schedules)}</desc>
        {[0, 0.5, 1].map((share) => {
          const y = PLOT.bottom - (PLOT.bottom - PLOT.top) * share;
          return (
            <g key={share}>
              <line x1={PLOT.left} x2={PLOT.right} y1={y} y2={y} stroke="#e3ded4" />
              <text x={PLOT.left - 6} y={y + 4} textAnchor="end" fontSize="12" fill="#545e66">
                {formatAxisMoney(Math.round(principal * share))}
              </text>
            </g>
          );
        })}
        {yearTicks(months / 12).map((year) => (
          <text key={year} x={x(year)} y={PLOT.bottom + 16} textAnchor="middle" fontSize="12" fill="#545e66">
            {formatYears(year)}
          </text>
        ))}
        <text x={PLOT.right} y={HEIGHT - 2} textAnchor="end" fontSize="12" fill="#545e66">
          anos
        </text>
        {schedules.map((schedule) => (
          <polyline
            key={schedule.system}
            points={linePoints(schedule)}
            fill="none"
            stroke={STROKES[schedule.system].color}
            strokeWidth="2.5"
            strokeDasharray={STROKES[schedule.system].dash}
          />
        ))}
      </svg>
      <figcaption>
        Saldo devedor mês a mês
        {schedules.length > 1 && (
          <>
            : <span className="sim-key sim-key-sac">SAC</span> em linha contínua, <span className="sim-key sim-key-price">Price</span> em
            linha tracejada
          </>
        )}
        .
      </figcaption>
    </figure>
  );
}
