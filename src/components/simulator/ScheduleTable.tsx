import { type Schedule, type ScheduleRow, scheduleYears } from '../../finance/amortization';
import { formatAmount, formatBrl } from '../../finance/format';
import { SYSTEM_NAMES } from './PayoffChart';

/** The column heads, shared by the first year's table and each later year's. */
function Head() {
  return (
    <thead>
      <tr>
        <th scope="col">Mês</th>
        <th scope="col">Parcela</th>
        <th scope="col">Juros</th>
        {/* A soft hyphen: the narrowest column head breaks as "Amorti-zação" on a phone. */}
        <th scope="col">Amorti&shy;zação</th>
        <th scope="col">Saldo</th>
      </tr>
    </thead>
  );
}

function Rows({ rows }: { rows: readonly ScheduleRow[] }) {
  return (
    <tbody>
      {rows.map((row) => (
        <tr key={row.month}>
          <th scope="row">{row.month}</th>
          <td>{formatAmount(row.instalment)}</td>
          <td>{formatAmount(row.interest)}</td>
          <td>{formatAmount(row.amortization)}</td>
          <td>{formatAmount(row.balance)}</td>
        </tr>
      ))}
    </tbody>
  );
}

/**
 * Every month of a schedule, readable on a 375 px phone: five narrow columns
 * of figures (R$ in the caption, not in each cell), the first year month by
 * month, then one line per later year (what it paid, its interest, the
 * balance at its end) that opens on its twelve months (<details>: no script).
 * A closed year's table is parsed but never styled or laid out; its texts are
 * each one string, so React writes one text node where pieces would need a
 * comment between each two (a 30-year schedule of both systems had 787).
 */
export function ScheduleTable({ schedule }: { schedule: Schedule }) {
  const name = SYSTEM_NAMES[schedule.system];
  const [first, ...later] = scheduleYears(schedule.rows);
  if (!first) return null;
  return (
    <section className="sim-schedule" aria-labelledby={`sim-tabela-${schedule.system}`}>
      <h3 id={`sim-tabela-${schedule.system}`}>Tabela {name}: mês a mês</h3>
      <div className="sim-table-box">
        <table className="sim-table">
          <caption>{later.length > 0 ? `${name}, primeiro ano (valores em R$)` : `${name} (valores em R$)`}</caption>
          <Head />
          <Rows rows={first.rows} />
        </table>
      </div>
      {later.map((year) => (
        <details key={year.year} className="sim-year">
          <summary>
            <strong>{`Ano ${year.year}`}</strong>{' '}
            <span className="sim-year-months">{`(meses ${year.rows[0]!.month} a ${year.rows.at(-1)!.month})`}</span>
            <span className="sim-year-sums">
              {`Pago ${formatBrl(year.paid)} · juros ${formatBrl(year.interest)} · saldo ${formatBrl(year.balance)}`}
            </span>
          </summary>
          <div className="sim-table-box">
            <table className="sim-table">
              <caption>{`${name}, ano ${year.year} (valores em R$)`}</caption>
              <Head />
              <Rows rows={year.rows} />
            </table>
          </div>
        </details>
      ))}
    </section>
  );
}
