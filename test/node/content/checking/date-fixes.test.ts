import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { dateRule } from '#src/content/schema/date-rule.ts';
import { parseUpdated, publicationInstant } from '#src/content/schema/updated.ts';

/** How field-rules.ts joins a message and its fix. */
const FIX = '\n  fix: ';

/** The fix the rule offers for a refused value: the text after "write it as", or null when it offers none. */
function offeredFix(field: 'data' | 'atualizado', value: string): { message: string; fix: string | null } {
  const result = v.safeParse(dateRule(field), value);
  expect(result.success).toBe(false);
  const message = result.issues![0].message;
  const hint = message.split(FIX)[1] ?? '';
  return { message, fix: /^escreva "([^"]+)"$/.exec(hint)?.[1] ?? null };
}

/** The instant the editor meant, as an ISO instant with its offset. */
const at = (iso: string) => Date.parse(iso);

describe('every date fix, applied as written, gives the instant the editor meant', () => {
  it.each([
    ['2026-11-25 08:00', '2026-11-25T08:00', '2026-11-25T08:00:00-03:00'],
    ['2026-11-25T08:00:00', '2026-11-25T08:00', '2026-11-25T08:00:00-03:00'],
    ['2026-11-25T08:00:00.000', '2026-11-25T08:00', '2026-11-25T08:00:00-03:00'],
    ['2026-11-25T08:00-03:00', '2026-11-25T08:00', '2026-11-25T08:00:00-03:00'],
    ['2026-11-25T08:00:00-03:00', '2026-11-25T08:00', '2026-11-25T08:00:00-03:00'],
    ['2026-11-25 8:00', '2026-11-25T08:00', '2026-11-25T08:00:00-03:00'],
    // Another offset: São Paulo's time of that instant.
    ['2026-11-25T08:00:00Z', '2026-11-25T05:00', '2026-11-25T08:00:00Z'],
    ['2026-11-25T08:00+01:00', '2026-11-25T04:00', '2026-11-25T08:00:00+01:00'],
    ['2026-11-25T01:30:00Z', '2026-11-24T22:30', '2026-11-25T01:30:00Z'],
    ['24/11/2026', '2026-11-24', '2026-11-24T00:00:00-03:00'],
    ['24/11/2026 08:00', '2026-11-24T08:00', '2026-11-24T08:00:00-03:00'],
    ['24/11/2026 às 8h30', '2026-11-24T08:30', '2026-11-24T08:30:00-03:00'],
    ['24 de novembro de 2026 às 14h30', '2026-11-24T14:30', '2026-11-24T14:30:00-03:00'],
    ['2026/11/24 08:00', '2026-11-24T08:00', '2026-11-24T08:00:00-03:00'],
    ['2026/11/24', '2026-11-24', '2026-11-24T00:00:00-03:00'],
  ])('data %j → %j', (input, fix, meant) => {
    const offered = offeredFix('data', input);
    expect(offered.fix).toBe(fix);
    expect(parseUpdated(offered.fix!)).not.toBeNull();
    expect(publicationInstant(offered.fix!)).toBe(at(meant));
  });

  it.each([['2026-11-25 08:00'], ['2026-11-25T08:00:00'], ['2026-11-25T08:00-03:00'], ['24/11/2026 08:00']])(
    'atualizado %j gets the same fix as data',
    (input) => {
      expect(offeredFix('atualizado', input).fix).toBe(offeredFix('data', input).fix);
    },
  );

  it.each([['2026-11-25T8h'], ['2026-11-25 08h'], ['24/11/2026 25:00'], ['2026-11-25T24:00:00']])(
    'data %j: a time it cannot read is never dropped (no day-only fix)',
    (input) => {
      const { message, fix } = offeredFix('data', input);
      expect(fix === null || fix.includes('T')).toBe(true);
      expect(message).toContain('AAAA-MM-DDTHH:mm');
    },
  );
});
