import { afterAll, describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate, parseCalendarDate } from '#src/lib/dates.ts';

// The edge runs in UTC, but `npm run dev` runs in the developer's zone: a date
// must print the same calendar day in both. Node re-reads TZ when it changes,
// and the functions read the zone when called, so one import serves every zone
// (a dynamic import per zone can outlast the timeout on a busy machine).
const originalTz = process.env.TZ;
afterAll(() => {
  process.env.TZ = originalTz;
});

describe.each(['UTC', 'America/Sao_Paulo', 'America/Noronha', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'])('in time zone %s', (zone) => {
  it('prints the stored calendar day', () => {
    process.env.TZ = zone;
    expect(formatShortDate(parseCalendarDate('2025-01-01')!)).toBe('01/01/2025');
    expect(formatLongDate(parseCalendarDate('2025-04-28')!)).toBe('28 de abril de 2025');
    expect(formatShortDate(parseCalendarDate('2025-12-31')!)).toBe('31/12/2025');
  });
});
