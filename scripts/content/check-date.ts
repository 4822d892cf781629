import { note, type Problem } from '../../src/checking/problems.ts';
import { isScheduled, scheduledFor } from '../../src/publishing/plan/scheduled.ts';

/** A valid `data` still to come is a note: the article is published now and shown from then on. */
export function scheduledNote(data: string, file: string, today: Date): Problem[] {
  if (!isScheduled(data, today.getTime())) return [];
  return [
    note(
      file,
      'data',
      `agendado para ${scheduledFor(data)}`,
      'ele é publicado agora, mas não aparece em lugar nenhum (página inicial, feed, sitemap, o próprio endereço) até lá (horário de Brasília); confira a data se ele deveria aparecer já',
    ),
  ];
}
