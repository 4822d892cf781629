import { afterAll, describe, expect, it } from 'vitest';

// The edge runs in UTC, but `npm run dev` runs in the developer's zone: a date
// must print the same calendar day in both. Node re-reads TZ when it changes.
const originalTz = process.env.TZ;
afterAll(() => {
  process.env.TZ = originalTz;
});

describe.each(['UTC', 'America/Sao_Paulo', 'America/Noronha', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'])('in time zone %s', (zone) => {
  it('prints the stored calendar day', async () => {
    process.env.TZ = zone;
    const { formatLongDate, formatShortDate, parseCalendarDate } = await import('../../src/lib/dates');
    expect(formatShortDate(parseCalendarDate('2025-01-01')!)).toBe('01/01/2025');
    expect(formatLongDate(parseCalendarDate('2025-04-28')!)).toBe('28 de abril de 2025');
    expect(formatShortDate(parseCalendarDate('2025-12-31')!)).toBe('31/12/2025');
  });
});
