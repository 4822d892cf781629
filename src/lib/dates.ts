import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale/pt-BR';

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

/** Card date, spec §9: `dd/MM/yyyy`. */
export function formatShortDate(date: Date): string {
  return format(date, 'dd/MM/yyyy');
}

/** Article date, spec §9 "long": "28 de abril de 2025". */
export function formatLongDate(date: Date): string {
  return format(date, "d 'de' MMMM 'de' yyyy", { locale: ptBR });
}
