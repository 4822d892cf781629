import { parseUpdated } from '#src/content/schema/updated.ts';
import { formatShortDate } from '#src/lib/dates.ts';
import { articlePath } from '#src/seo/urls.ts';
import type { PlanArticle } from './plan';

/** Thrown when a publish would replace a live article under another title without --replace: nothing is written. */
export class ReplaceRefused extends Error {}

/** Titles the editor would call the same: case, spacing and Unicode form aside. */
const sameTitle = (a: unknown, b: unknown) => {
  const plain = (title: unknown) => String(title).normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  return plain(a) === plain(b);
};

/** A live entry's `data` as the site shows it (dd/MM/yyyy); as stored when it is not a date. */
export const shownDate = (data: unknown) => {
  const date = typeof data === 'string' ? (parseUpdated(data)?.day ?? null) : null;
  return date ? formatShortDate(date) : String(data);
};

/** The start of a refusal: the CLI's dry run says instead what would happen without --replace. */
export const STOPPED = 'Parado, nada foi gravado';

/** Why a publish needs --replace: the live articles it would replace under another title. Null when none. */
export function refusal(articles: readonly PlanArticle[]): string | null {
  const renamed = articles.filter(
    ({ change, titulo, replaces }) => change === 'updated' && replaces && !sameTitle(titulo, replaces.titulo),
  );
  if (renamed.length === 0) return null;
  return [
    `${STOPPED}: ${renamed.length === 1 ? 'esta pasta tem' : 'estas pastas têm'} o slug de um artigo no ar com outro título (uma pasta copiada que não foi renomeada?):`,
    ...renamed.map(
      ({ slug, titulo, replaces }) =>
        `  ${articlePath({ slug })}: "${titulo}" substituiria o artigo no ar "${replaces!.titulo}", publicado em ${shownDate(replaces!.data)}`,
    ),
    'Para publicar como artigo novo, renomeie a pasta (o nome da pasta é o slug). Para substituir o artigo no ar, rode o comando de novo com --replace.',
  ].join('\n');
}
