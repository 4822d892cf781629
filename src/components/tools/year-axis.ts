/**
 * The x axis of the tools' server-drawn charts, in years: about five marks on
 * round numbers of years, labelled as a reader reads them ("2,5").
 */

/** Year marks from 0 to `years`: every half year up to 2 years, then 1, 2, 5 or 10. */
export function yearTicks(years: number): number[] {
  const every = years <= 2 ? 0.5 : years <= 5 ? 1 : years <= 12 ? 2 : years <= 25 ? 5 : 10;
  const ticks: number[] = [];
  for (let year = 0; year <= years + 1e-9; year += every) ticks.push(year);
  return ticks;
}

/** A mark's label: "0", "5", "2,5". */
export const formatYears = (years: number) => `${years}`.replace('.', ',');
