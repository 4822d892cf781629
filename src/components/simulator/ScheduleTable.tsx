import { Fragment } from 'react';
import { type Schedule, type ScheduleRow, type ScheduleYear, scheduleYears } from '#src/finance/amortization.ts';
import { formatAmount } from '#src/finance/format.ts';
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
 * the year away from where the scroll stopped. `id`: the fragment a year's
 * link scrolls to, when this table is that year's.
 */
function Months({
  caption,
  rows,
  deferred = false,
  id,
}: {
  caption: string;
  rows: readonly ScheduleRow[];
  deferred?: boolean;
  id?: string;
}) {
  return (
    <div id={id} className={deferred ? 'sim-table-box sim-deferred' : 'sim-table-box'}>
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

/** "Ver os 12 meses do ano 2 na tabela SAC", what a year's link says to a screen reader (a short last year has fewer months). */
function monthsLinkName(year: ScheduleYear, name: string): string {
  const count = year.rows.length;
  return `Ver ${count === 1 ? 'o mês' : `os ${count} meses`} do ano ${year.year} na tabela ${name}`;
}

/**
 * Every month of a schedule, readable on a 375 px phone: five narrow columns
 * of figures (R$ in the caption, not in each cell), the first year month by
 * month, then a table of the later years, one row each (what it paid, its
 * interest, the balance at its end), each year a link to the same simulation
 * showing that year's months below its row. A page holds the months of one
 * later year at most: a 30-year schedule of both systems was thousands of
 * elements, parsed before the reader opened any year. The years are a table,
 * not a paragraph each: the figures with no words around them kept the
 * 30-year simulation's HTML within a new connection's first round trip
 * (docs/decisions/055-a-stylesheet-per-kind-of-page.md). No script: the link
 * is an address, rendered here.
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
      {later.length > 0 && (
        <div className="sim-table-box">
          <table className="sim-table sim-years">
            <caption>{`${name}, ano a ano (valores em R$)`}</caption>
            <thead>
              <tr>
                <th scope="col">Ano</th>
                <th scope="col">Pago</th>
                <th scope="col">Juros</th>
                <th scope="col">Saldo</th>
              </tr>
            </thead>
            <tbody>
              {later.map((year) =>
                year.year === open ? (
                  <Fragment key={year.year}>
                    <tr>
                      <th scope="row">{year.year}</th>
                      <YearSums year={year} />
                    </tr>
                    <tr>
                      <td colSpan={4}>
                        <Months
                          id={yearAnchor(schedule, year.year)}
                          caption={`${name}, ano ${year.year} (valores em R$)`}
                          rows={year.rows}
                        />
                      </td>
                    </tr>
                  </Fragment>
                ) : (
                  <tr key={year.year} id={yearAnchor(schedule, year.year)}>
                    <th scope="row">
                      <a href={`${addressWithYear(year.year)}#${yearAnchor(schedule, year.year)}`} aria-label={monthsLinkName(year, name)}>
                        {year.year}
                      </a>
                    </th>
                    <YearSums year={year} />
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A later year's figures: what it paid, its interest and the balance at its end. */
function YearSums({ year }: { year: ScheduleYear }) {
  return (
    <>
      <td>{formatAmount(year.paid)}</td>
      <td>{formatAmount(year.interest)}</td>
      <td>{formatAmount(year.balance)}</td>
    </>
  );
}
