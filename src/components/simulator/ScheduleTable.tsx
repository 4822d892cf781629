import { type Schedule, type ScheduleRow, type ScheduleYear, scheduleYears } from '#src/finance/amortization.ts';
import { formatAmount, formatBrl } from '#src/finance/format.ts';
import type { ChosenYear } from '#src/finance/simulator-input.ts';
import { SYSTEM_NAMES } from './PayoffChart';

/** The column heads, shared by the first year's table and the year shown open. */
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

/**
 * A table of months. `deferred`: laid out only when the reader scrolls near it
 * (client/styles/base.css), unless a year is open: the link to it scrolls past
 * this table, and a table whose height changes as it is laid out would move
 * the year away from where the scroll stopped.
 */
function Months({ caption, rows, deferred = false }: { caption: string; rows: readonly ScheduleRow[]; deferred?: boolean }) {
  return (
    <div className={deferred ? 'sim-table-box sim-deferred' : 'sim-table-box'}>
      <table className="sim-table">
        <caption>{caption}</caption>
        <Head />
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
      </table>
    </div>
  );
}

/** A later year's element id, the fragment its link scrolls to: "sac-ano-5". */
const yearAnchor = (schedule: Schedule, year: number) => `${schedule.system}-ano-${year}`;

interface ScheduleTableProps {
  schedule: Schedule;
  /** The later year shown month by month, if the reader chose one. */
  open: ChosenYear;
  /** The address of this simulation with `year` shown open (the link adds the fragment of this schedule's year). */
  addressWithYear: (year: number) => string;
}

/** "Ver os 12 meses do ano 2", the words a year's link says (a short last year has fewer months). */
function monthsLinkText(year: ScheduleYear): string {
  const count = year.rows.length;
  return `Ver ${count === 1 ? 'o mês' : `os ${count} meses`} do ano ${year.year}`;
}

/**
 * Every month of a schedule, readable on a 375 px phone: five narrow columns
 * of figures (R$ in the caption, not in each cell), the first year month by
 * month, then one line per later year (what it paid, its interest, the
 * balance at its end) with a link to the same simulation showing that year's
 * months. A page holds the months of one later year at most: a 30-year
 * schedule of both systems was thousands of elements, parsed before the
 * reader opened any year. No script: the link is an address, rendered here.
 * Each year's texts are one string, so React writes one text node where
 * pieces would need a comment between each two.
 */
export function ScheduleTable({ schedule, open, addressWithYear }: ScheduleTableProps) {
  const name = SYSTEM_NAMES[schedule.system];
  const [first, ...later] = scheduleYears(schedule.rows);
  if (!first) return null;
  return (
    <section className="sim-schedule" aria-labelledby={`sim-tabela-${schedule.system}`}>
      <h3 id={`sim-tabela-${schedule.system}`}>Tabela {name}: mês a mês</h3>
      <Months
        caption={later.length > 0 ? `${name}, primeiro ano (valores em R$)` : `${name} (valores em R$)`}
        rows={first.rows}
        deferred={open === null}
      />
      {later.map((year) => (
        <div key={year.year} id={yearAnchor(schedule, year.year)} className="sim-year">
          <p className="sim-year-line">
            <strong>{`Ano ${year.year}`}</strong>{' '}
            <span className="sim-year-months">{`(meses ${year.rows[0]!.month} a ${year.rows.at(-1)!.month})`}</span>
            <span className="sim-year-sums">
              {`Pago ${formatBrl(year.paid)} · juros ${formatBrl(year.interest)} · saldo ${formatBrl(year.balance)}`}
            </span>
          </p>
          {year.year === open ? (
            <Months caption={`${name}, ano ${year.year} (valores em R$)`} rows={year.rows} />
          ) : (
            <a className="sim-year-link" href={`${addressWithYear(year.year)}#${yearAnchor(schedule, year.year)}`}>
              {monthsLinkText(year)}
              <span className="visually-hidden">{` na tabela ${name}`}</span>
            </a>
          )}
        </div>
      ))}
    </section>
  );
}
