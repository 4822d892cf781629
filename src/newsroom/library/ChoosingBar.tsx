import { draftTitle } from '../drafts/DraftsPage';
import { PATHS } from '../paths';
import type { Choosing } from './choosing';

const PURPOSE = { principal: 'a imagem principal', figura: 'uma imagem do texto' } as const;

/** Says, on every page of the library opened from a draft, what is being chosen and for which article, with the way back. */
export function ChoosingBar({ choosing }: { choosing: Choosing }) {
  return (
    <p className="nr-notice nr-choosing" role="status">
      {`Escolhendo ${PURPOSE[choosing.kind]} de `}
      <strong>{draftTitle(choosing.draft)}</strong>. <a href={PATHS.draft(choosing.draft.id)}>Voltar ao rascunho sem escolher</a>
    </p>
  );
}
