import { parseUpdated, publicationInstant } from '../../src/content/updated.ts';
import { parseCalendarDate } from '../../src/lib/dates.ts';
import { describeValue } from './editor-text.ts';
import { error, note, type Problem } from './problems.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MESES = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const EXAMPLE = 'write it as "YYYY-MM-DD" (year, month, day), e.g. "2025-04-28"';

export const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Why year-month-day is not a day of the calendar, or null when it is one. */
export function whyNotReal(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12) return `there is no month ${month}`;
  const days = new Date(year, month, 0).getDate();
  if (day < 1 || day > days) return `${MONTHS[month - 1]} ${year} has ${days} days`;
  return null;
}

/** The YYYY-MM-DD an editor most likely meant by a date written another way, as [year, month, day, how it was read]. */
export function meant(text: string): [number, number, number, string] | null {
  const t = text.trim();
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) {
    const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    // Day first, as written in Brazil; month first only when day first cannot be.
    if (month > 12 && day <= 12) return [year, day, month, 'month/day/year'];
    return [year, month, day, 'day/month/year'];
  }
  m = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})(?:[T ].*)?$/.exec(t);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), /[T ]/.test(t) ? 'a date with a time' : 'year/month/day'];
  m = /^(\d{1,2})º?\s+de\s+(\p{L}+)\s+de\s+(\d{4})$/iu.exec(t);
  const month = m ? MESES.indexOf(m[2]!.toLowerCase()) + 1 : 0;
  if (m && month > 0) return [Number(m[3]), month, Number(m[1]), 'a date in words'];
  return null;
}

/** When a `data` is published, as editors read it: `dd/MM/yyyy HH:mm`, São Paulo time (00:00 for a day alone). */
export function scheduledFor(data: string): string {
  const { date, time } = parseUpdated(data)!;
  const pad = (n: number) => String(n).padStart(2, '0');
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${pad(time?.hour ?? 0)}:${pad(time?.minute ?? 0)}`;
}

/** Whether a valid `data` is still to come at `now`: the article is then scheduled. */
export const isScheduled = (data: string, now: number) => (publicationInstant(data) ?? Number.NEGATIVE_INFINITY) > now;

/**
 * The "data" field of article.json: a real calendar day written `YYYY-MM-DD`,
 * or with a time in Brasília, `YYYY-MM-DDTHH:mm`. One still to come is a note:
 * the article is scheduled.
 */
export function checkDate(data: unknown, file: string, today: Date): Problem[] {
  if (data === undefined)
    return [error(file, 'data', '"data" is missing', `add "data": "YYYY-MM-DD" with the publication date, e.g. "2025-04-28"`)];
  if (typeof data === 'number' && /^\d{8}$/.test(String(data))) {
    const [year, month, day] = [Math.floor(data / 10000), Math.floor(data / 100) % 100, data % 100];
    const fix = whyNotReal(year, month, day) ? EXAMPLE : `write it as "${iso(year, month, day)}"`;
    return [error(file, 'data', `"data" is the number ${data}, not a date in quotes`, fix)];
  }
  if (typeof data !== 'string') {
    return [error(file, 'data', `"data" is ${describeValue(data)}, not a date in quotes`, EXAMPLE)];
  }
  const exact = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(data);
  if (exact) {
    if (!parseCalendarDate(data.slice(0, 10))) {
      const why = whyNotReal(Number(exact[1]), Number(exact[2]), Number(exact[3]));
      return [error(file, 'data', `"data" "${data}" is not a real calendar date: ${why}`, 'check the day and the month')];
    }
    if (!parseUpdated(data)) {
      return [error(file, 'data', `"data" "${data}" has no time ${exact[4]}:${exact[5]}`, 'hours go from 00 to 23, minutes from 00 to 59')];
    }
    if (isScheduled(data, today.getTime())) {
      return [
        note(
          file,
          'data',
          `scheduled for ${scheduledFor(data)}`,
          'it is published now but shown nowhere (home, feed, sitemap, its address) until then (Brasília time); check the date if it should show at once',
        ),
      ];
    }
    return [];
  }
  if (/^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?$/.test(data.trim())) {
    return [error(file, 'data', `"data" is ${JSON.stringify(data)}, with spaces around the date`, `write it as "${data.trim()}"`)];
  }
  const guess = meant(data);
  if (guess) {
    const [year, month, day, how] = guess;
    const why = whyNotReal(year, month, day);
    if (!why)
      return [error(file, 'data', `"data" is "${data}" (${how}); dates are written YYYY-MM-DD`, `write it as "${iso(year, month, day)}"`)];
    return [
      error(
        file,
        'data',
        `"data" is "${data}" (${how}), which is not a real date: ${why}; dates are written YYYY-MM-DD`,
        `check the day and the month, and ${EXAMPLE}`,
      ),
    ];
  }
  return [error(file, 'data', `"data" is ${JSON.stringify(data)}, not a date in the YYYY-MM-DD format`, EXAMPLE)];
}
