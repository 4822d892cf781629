import * as v from 'valibot';
import { describeValue, said } from './field-rules';
import { parseUpdated, SITE_TIME_ZONE } from './updated';

/**
 * The rule of `data` and `atualizado`: a real day written `YYYY-MM-DD`, or a
 * day and a time in Brasília, `YYYY-MM-DDTHH:mm` (updated.ts parses it). The
 * parser is the judge; the messages explain a value it refused, with the value
 * to write when the editor's meaning can be told ("30/04/2025" →
 * "2025-04-30").
 */

/** How a date was read, when it had a time (the fix then keeps the time). */
const WITH_TIME = 'data com horário';
const MESES = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const DATA_FORM = 'escreva no formato "AAAA-MM-DD" (ano, mês, dia), p. ex. "2025-04-28"';
const UPDATED_FORM = 'escreva no formato "AAAA-MM-DD", ou com a hora de Brasília como "AAAA-MM-DDTHH:mm", p. ex. "2025-05-03T14:30"';
const EXACT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;
const pad = (n: number) => String(n).padStart(2, '0');

const iso = (year: number, month: number, day: number) => `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;

/** Why year-month-day is not a day of the calendar, or null when it is one. */
function whyNotReal(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12) return `não existe o mês ${month}`;
  const days = new Date(year, month, 0).getDate();
  if (day < 1 || day > days) return `${MESES[month - 1]} de ${year} tem ${days} dias`;
  return null;
}

/** The YYYY-MM-DD an editor most likely meant by a date written another way, as [year, month, day, how it was read]. */
function meant(text: string): [number, number, number, string] | null {
  const t = text.trim();
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) {
    const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    // Day first, as written in Brazil; month first only when day first cannot be.
    if (month > 12 && day <= 12) return [year, day, month, 'mês/dia/ano'];
    return [year, month, day, 'dia/mês/ano'];
  }
  m = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})(?:[T ].*)?$/.exec(t);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), /[T ]/.test(t) ? WITH_TIME : 'ano/mês/dia'];
  m = /^(\d{1,2})º?\s+de\s+(\p{L}+)\s+de\s+(\d{4})$/iu.exec(t);
  const month = m ? MESES.indexOf(m[2]!.toLowerCase()) + 1 : 0;
  if (m && month > 0) return [Number(m[3]), month, Number(m[1]), 'data por extenso'];
  return null;
}

/** An instant as São Paulo's wall-clock time, `YYYY-MM-DDTHH:mm`. */
export function siteWallClock(instant: number): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: SITE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  for (const { type, value } of format.formatToParts(instant)) parts[type] = value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** What a date and time written another way most likely means, in the accepted form; null when it cannot tell. */
function withTimeMeant(text: string): string | null {
  // An ISO date and time with seconds, a zone or a space: São Paulo's time of that instant, or the time as written.
  const full = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
  if (full) {
    const [, year, month, day, hour, minute, , zone] = full;
    if (zone) {
      const instant = Date.parse(`${year}-${month}-${day}T${pad(Number(hour))}:${minute}:00${zone.toUpperCase()}`);
      return Number.isNaN(instant) ? null : siteWallClock(instant);
    }
    return `${year}-${month}-${day}T${pad(Number(hour))}:${minute}`;
  }
  // A date written another way, maybe with a time: "03/05/2025", "03/05/2025 14:30", "3 de maio de 2025 às 14h30".
  const withTime = /^(.+?)[\s,]+(?:às\s*)?(\d{1,2})[:h](\d{2})$/iu.exec(text);
  const guess = meant(withTime ? withTime[1]! : text);
  // A time that cannot be read is not dropped: no fix is better than one that publishes at 00:00.
  if (!guess || (!withTime && guess[3] === WITH_TIME)) return null;
  const [year, month, day] = guess;
  if (whyNotReal(year, month, day)) return null;
  return withTime ? `${iso(year, month, day)}T${pad(Number(withTime[2]))}:${withTime[3]}` : iso(year, month, day);
}

/** {@link withTimeMeant}, only when its answer is itself accepted (no "T25:00" offered as a fix). */
function fixFor(text: string): string | null {
  const guess = withTimeMeant(text);
  return guess !== null && parseUpdated(guess) !== null ? guess : null;
}

/** Why a date that is not a string is refused. */
function notDateText(field: string, value: unknown): string {
  if (field === 'data' && typeof value === 'number' && /^\d{8}$/.test(String(value))) {
    const [year, month, day] = [Math.floor(value / 10000), Math.floor(value / 100) % 100, value % 100];
    return said(
      `o campo "data" é o número ${value}, e não uma data entre aspas`,
      whyNotReal(year, month, day) ? DATA_FORM : `escreva "${iso(year, month, day)}"`,
    );
  }
  return said(`o campo "${field}" é ${describeValue(value)}, e não uma data entre aspas`, field === 'data' ? DATA_FORM : UPDATED_FORM);
}

/** Why a text the parser refused is not a date, and what to write. */
function notDate(field: string, value: string): string {
  const exact = EXACT.exec(value);
  if (exact) {
    const [year, month, day] = exact.slice(1, 4).map(Number) as [number, number, number];
    const why = whyNotReal(year, month, day);
    if (why) return said(`o campo "${field}" "${value}" não é uma data do calendário: ${why}`, 'confira o dia e o mês');
    return said(
      `o campo "${field}" "${value}" tem um horário que não existe, ${exact[4]}:${exact[5]}`,
      'as horas vão de 00 a 23, os minutos de 00 a 59',
    );
  }
  const trimmed = value.trim();
  if (trimmed !== value && EXACT.test(trimmed)) {
    return said(`o campo "${field}" é ${JSON.stringify(value)}, com espaços em volta da data`, `escreva "${trimmed}"`);
  }
  if (field === 'atualizado') {
    const guess = fixFor(trimmed);
    return said(
      `o campo "atualizado" é ${JSON.stringify(value)}, e não "AAAA-MM-DD" nem "AAAA-MM-DDTHH:mm" (horário de Brasília, sem segundos nem fuso)`,
      guess ? `escreva "${guess}"` : UPDATED_FORM,
    );
  }
  // A date with a time keeps its time, in the accepted form (the same reading as atualizado's).
  const timed = fixFor(trimmed);
  const guess = meant(value);
  if (timed?.includes('T') || (!timed && (guess?.[3] === WITH_TIME || /\d[T ]+\d{1,2}[:h]\d/i.test(trimmed)))) {
    return said(
      `o campo "data" é ${JSON.stringify(value)}, e não "AAAA-MM-DD" nem "AAAA-MM-DDTHH:mm" (horário de Brasília, sem segundos nem fuso)`,
      timed ? `escreva "${timed}"` : UPDATED_FORM,
    );
  }
  if (!guess) return said(`o campo "data" é ${JSON.stringify(value)}, e não uma data no formato AAAA-MM-DD`, DATA_FORM);
  const [year, month, day, how] = guess;
  const why = whyNotReal(year, month, day);
  return why
    ? said(
        `o campo "data" é "${value}" (${how}), que não é uma data real: ${why}; as datas são escritas AAAA-MM-DD`,
        `confira o dia e o mês, e ${DATA_FORM}`,
      )
    : said(`o campo "data" é "${value}" (${how}); as datas são escritas AAAA-MM-DD`, `escreva "${iso(year, month, day)}"`);
}

/** The rule of a date field: a real day, or a day and a time, as updated.ts parses it. */
export const dateRule = (field: 'data' | 'atualizado') =>
  v.pipe(
    v.string((issue) => notDateText(field, issue.input)),
    v.check(
      (value) => parseUpdated(value) !== null,
      (issue) => notDate(field, issue.input),
    ),
  );
