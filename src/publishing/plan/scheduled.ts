import { parseUpdated, publicationInstant } from '#src/content/schema/updated.ts';

// An article's `data` to come: the article is scheduled. Whether `data` is a
// date at all is the schema's to say (src/content/schema/date-rule.ts).

/** When a `data` is published, as editors read it: `dd/MM/yyyy HH:mm`, São Paulo time (00:00 for a day alone). */
export function scheduledFor(data: string): string {
  const { date, time } = parseUpdated(data)!;
  const pad = (n: number) => String(n).padStart(2, '0');
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${pad(time?.hour ?? 0)}:${pad(time?.minute ?? 0)}`;
}

/** Whether a valid `data` is still to come at `now`: the article is then scheduled. */
export const isScheduled = (data: string, now: number) => (publicationInstant(data) ?? Number.NEGATIVE_INFINITY) > now;
