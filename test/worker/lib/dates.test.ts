import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate, parseCalendarDate } from '#src/lib/dates.ts';

describe('calendar dates', () => {
  it('formats cards as dd/MM/yyyy', () => {
    expect(formatShortDate(parseCalendarDate('2025-04-28')!)).toBe('28/04/2025');
    expect(formatShortDate(parseCalendarDate('2025-01-05')!)).toBe('05/01/2025');
  });

  it('formats articles in long pt-BR form', () => {
    expect(formatLongDate(parseCalendarDate('2025-04-28')!)).toBe('28 de abril de 2025');
    expect(formatLongDate(parseCalendarDate('2025-03-01')!)).toBe('1 de março de 2025');
    expect(formatLongDate(parseCalendarDate('2025-12-31')!)).toBe('31 de dezembro de 2025');
  });

  it('names every month and pads short years to four digits, as date-fns formatted them', () => {
    const months = [
      'janeiro',
      'fevereiro',
      'março',
      'abril',
      'maio',
      'junho',
      'julho',
      'agosto',
      'setembro',
      'outubro',
      'novembro',
      'dezembro',
    ];
    months.forEach((name, i) => {
      const month = String(i + 1).padStart(2, '0');
      expect(formatLongDate(parseCalendarDate(`2026-${month}-09`)!)).toBe(`9 de ${name} de 2026`);
      expect(formatShortDate(parseCalendarDate(`2026-${month}-09`)!)).toBe(`09/${month}/2026`);
    });
    expect(formatShortDate(parseCalendarDate('0999-01-05')!)).toBe('05/01/0999');
    expect(formatLongDate(parseCalendarDate('0999-01-05')!)).toBe('5 de janeiro de 0999');
  });

  it('keeps the calendar day: the first and last days of a year do not shift', () => {
    expect(formatShortDate(parseCalendarDate('2025-01-01')!)).toBe('01/01/2025');
    expect(formatShortDate(parseCalendarDate('2025-12-31')!)).toBe('31/12/2025');
  });

  it.each(['2025-02-30', '2025-13-01', '2025-00-10', '2025-4-28', '28/04/2025', '2025-04-28T00:00:00Z', ''])('rejects %j', (value) => {
    expect(parseCalendarDate(value)).toBeNull();
  });

  it('accepts 29 February only in leap years', () => {
    expect(parseCalendarDate('2024-02-29')).not.toBeNull();
    expect(parseCalendarDate('2025-02-29')).toBeNull();
  });
});
