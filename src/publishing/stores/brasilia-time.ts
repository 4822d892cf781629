import { SITE_TIME_ZONE } from '#src/content/schema/updated.ts';

const FORMAT = new Intl.DateTimeFormat('pt-BR', {
  timeZone: SITE_TIME_ZONE,
  hourCycle: 'h23',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant as editors read it: "25/11/2026 08:00 (horário de Brasília)". */
export function brasilia(ms: number): string {
  const part: Record<string, string> = {};
  for (const { type, value } of FORMAT.formatToParts(ms)) part[type] = value;
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute} (horário de Brasília)`;
}
