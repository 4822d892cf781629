import { format } from 'date-fns/format';
import { ptBR } from 'date-fns/locale/pt-BR';
import QuickLRU from 'quick-lru';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Parses a `YYYY-MM-DD` calendar date. Returns null unless it names a real day
 * (2025-02-30 is rejected). The result is a local-midnight Date so formatting
 * never shifts the day, whatever the runtime's time zone (the edge runs in UTC).
 */
export function parseCalendarDate(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return null;
  }
  return date;
}

/**
 * Each calendar day is formatted once per isolate: date-fns' format() parses
 * its pattern on every call, once per card of a list page (its share of the
 * home's render: docs/speed.md, "What makes a page fast"), and the same few
 * hundred days come back on every page.
 * Keyed by the Date's time, which parseCalendarDate sets to local midnight.
 */
const FORMATTED_DAYS_KEPT = 4096;

function memoized(formatter: (date: Date) => string): (date: Date) => string {
  const kept = new QuickLRU<number, string>({ maxSize: FORMATTED_DAYS_KEPT });
  return (date) => {
    const time = date.getTime();
    let text = kept.get(time);
    if (text === undefined) {
      text = formatter(date);
      kept.set(time, text);
    }
    return text;
  };
}

/** Card date, docs/product.md §9: `dd/MM/yyyy`. */
export const formatShortDate = memoized((date) => format(date, 'dd/MM/yyyy'));

/** Article date, docs/product.md §9 "long": "28 de abril de 2025". */
export const formatLongDate = memoized((date) => format(date, "d 'de' MMMM 'de' yyyy", { locale: ptBR }));
