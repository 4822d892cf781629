import QuickLRU from 'quick-lru';
import { parseCalendarDate } from '#src/lib/dates.ts';

/**
 * The `atualizado` field (and `data`, which takes the same forms): when an
 * article was last corrected, written by the editor as a day (`2025-05-03`)
 * or a day and a time (`2025-05-03T14:30`), both in the site's time zone. One module for the worker (pages, JSON-LD,
 * sitemap, feed) and the editors' checker.
 */
export const SITE_TIME_ZONE = 'America/Sao_Paulo';

const UPDATED = /^(\d{4}-\d{2}-\d{2})(?:T([01]\d|2[0-3]):([0-5]\d))?$/;

export interface Updated {
  /** The calendar day, `YYYY-MM-DD`. */
  date: string;
  /** The day at local midnight, as parseCalendarDate gives it (for formatting). */
  day: Date;
  /** Hours and minutes in São Paulo, when the value has a time. */
  time?: { hour: number; minute: number };
}

/**
 * Each value's parse, worked out once per isolate: every entry read from the
 * index checks its `data` (article-schema.ts) and then parses it for its day
 * and instant, and the same few thousand values come back. Shared: never
 * mutate what {@link parseUpdated} returns.
 */
const parsedKept = new QuickLRU<string, Updated | null>({ maxSize: 4096 });

/** A well-formed `atualizado` naming a real day (and a real time); null otherwise. */
export function parseUpdated(value: string): Updated | null {
  const kept = parsedKept.get(value);
  if (kept !== undefined) return kept;
  const match = UPDATED.exec(value);
  const day = match ? parseCalendarDate(match[1]!) : null;
  const parsed =
    !match || !day
      ? null
      : match[2] === undefined
        ? { date: match[1]!, day }
        : { date: match[1]!, day, time: { hour: Number(match[2]), minute: Number(match[3]) } };
  // Only well-formed values are kept, so a flood of distinct bad ones cannot push the good ones out.
  if (parsed) parsedKept.set(value, parsed);
  return parsed;
}

/** A valid `atualizado` that is not before the publication day of `data` (a day, or a day and a time). */
export const isValidUpdate = (value: string, data: string) => {
  const updated = parseUpdated(value);
  return updated !== null && updated.date >= data.slice(0, 10);
};

let formatter: Intl.DateTimeFormat | undefined;

/** The site's UTC offset at an instant, in minutes (−180 for São Paulo since 2019; −120 in its old summer time). */
function offsetMinutesAt(instant: number): number {
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SITE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const parts: Record<string, number> = {};
  for (const { type, value } of formatter.formatToParts(instant)) parts[type] = Number(value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return Math.round((wall - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/**
 * Each wall-clock time's instant, worked out once per isolate: every article
 * read parses its `data` (the publication instant), and Intl's formatToParts
 * showed in the served-path profile of an article request (docs/speed.md,
 * "What makes a page fast").
 */
const instantKept = new QuickLRU<number, { instant: number; offset: number }>({ maxSize: 4096 });

/** The instant of a São Paulo wall-clock time (given as if it were UTC), and the offset in force then. */
function siteInstant(wall: number): { instant: number; offset: number } {
  const kept = instantKept.get(wall);
  if (kept) return kept;
  let offset = offsetMinutesAt(wall + 180 * 60_000);
  const second = offsetMinutesAt(wall - offset * 60_000);
  if (second !== offset) offset = second;
  const result = { instant: wall - offset * 60_000, offset };
  instantKept.set(wall, result);
  return result;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Each value's ISO text, worked out once per isolate (a sitemap file may list thousands). */
const isoKept = new QuickLRU<string, string>({ maxSize: 4096 });

/**
 * An `atualizado` for machines (JSON-LD's dateModified, a sitemap's lastmod):
 * the day alone, or the day and time with the site's offset,
 * `2025-05-03T14:30:00-03:00`. The value must be valid ({@link parseUpdated}).
 */
export function updatedIso(value: string): string {
  const kept = isoKept.get(value);
  if (kept !== undefined) return kept;
  const updated = parseUpdated(value);
  let iso = value;
  if (updated?.time) {
    const [year, month, day] = updated.date.split('-').map(Number);
    const { offset } = siteInstant(Date.UTC(year!, month! - 1, day!, updated.time.hour, updated.time.minute));
    const sign = offset <= 0 ? '-' : '+';
    const abs = Math.abs(offset);
    iso = `${updated.date}T${pad(updated.time.hour)}:${pad(updated.time.minute)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  }
  isoKept.set(value, iso);
  return iso;
}

/**
 * The instant a day or a day and time stands for, in milliseconds: a day alone
 * is taken at noon UTC, so it reads as the same day in all of Brazil's time
 * zones (as the feed dates `data`); a time is São Paulo's.
 */
export function siteInstantOf(value: string): number | null {
  const updated = parseUpdated(value);
  if (!updated) return null;
  const [year, month, day] = updated.date.split('-').map(Number);
  if (!updated.time) return Date.UTC(year!, month! - 1, day!, 12);
  return siteInstant(Date.UTC(year!, month! - 1, day!, updated.time.hour, updated.time.minute)).instant;
}

/**
 * The moment an article's `data` (a day, or a day and a time) is published:
 * the time in São Paulo, a day alone at 00:00 there. Before it, the article
 * is scheduled: stored, but shown nowhere (news-index.ts, `scheduled`).
 */
export function publicationInstant(value: string): number | null {
  const updated = parseUpdated(value);
  if (!updated) return null;
  const [year, month, day] = updated.date.split('-').map(Number);
  const { hour, minute } = updated.time ?? { hour: 0, minute: 0 };
  return siteInstant(Date.UTC(year!, month! - 1, day!, hour, minute)).instant;
}
