import type { Schedule } from '#src/finance/amortization.ts';
import { formatBrl } from '#src/finance/format.ts';
import { LineChart } from '../tools/LineChart';
import { yearTicks } from '../tools/year-axis';

/**
 * At most this many points per line: both lines are smooth, and a chord of
 * a few months is within a pixel of the curve even on a wide screen. A
 * 30-year schedule drawn at 120 points a line added 1.5 KB (gzip) to the page
 * and pushed its HTML past a new connection's first round trip (docs/speed.md).
 */
const MAX_POINTS = 48;

export const SYSTEM_NAMES = { sac: 'SAC', price: 'Price' } as const;

/** How each system's line is drawn (SAC solid, Price dashed), as the caption says. */
const STROKE_OF = { sac: 'solid', price: 'dashed' } as const;

/** The balance owed after each month, from the financed amount at month 0 to 0. */
const balances = (schedule: Schedule) => [schedule.principal, ...schedule.rows.map((row) => row.balance)];

/** The balance every few months ([years, centavos]), the last month always. */
function linePoints(schedule: Schedule): [number, number][] {
  const values = balances(schedule);
  const months = values.length - 1;
  const step = Math.max(1, Math.ceil(months / MAX_POINTS));
  const points: [number, number][] = [];
  for (let month = 0; month < months; month += step) points.push([month / 12, values[month]!]);
  points.push([months / 12, values[months]!]);
  return points;
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
 * The balance owed month by month, one line per system (src/components/tools/LineChart.tsx),
 * described for screen readers by the balance every few years; the table below has every figure.
 */
export function PayoffChart({ schedules }: { schedules: readonly Schedule[] }) {
  const months = schedules[0]!.rows.length;
  const names = schedules.map((schedule) => SYSTEM_NAMES[schedule.system]).join(' e ');
  return (
    <figure className="sim-chart">
      <LineChart
        ids={{ title: 'sim-grafico-titulo', desc: 'sim-grafico-desc' }}
        title={`Saldo devedor ao longo do tempo (${names})`}
        description={chartDescription(schedules)}
        top={schedules[0]!.principal}
        years={months / 12}
        marks={yearTicks(months / 12)}
        lines={schedules.map((schedule) => ({ key: schedule.system, stroke: STROKE_OF[schedule.system], points: linePoints(schedule) }))}
      />
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
