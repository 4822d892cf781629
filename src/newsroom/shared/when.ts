import { siteWallClock } from '#src/content/schema/date-rule.ts';

/** An instant (ms) as the newsroom shows it, on its pages and in its script alike: `dd/MM/yyyy HH:mm`, São Paulo time, the site's. */
export function shownAt(instant: number): string {
  const [day = '', time = ''] = siteWallClock(instant).split('T');
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year} ${time}`;
}
